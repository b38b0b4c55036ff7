// The entry of a remote's federation build in production: it has no page of its own (the shell loads its remote entry
// and exposed modules); the standalone harness is the separate `harness` environment.
