// The remote's own page is a standalone harness; the async boundary lets federation set up shared libraries first.
import('./harness/bootstrap');
