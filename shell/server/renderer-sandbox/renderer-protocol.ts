import type { ExposedModuleId } from '@shop/contracts/exposes';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { PageContext } from '@shop/contracts/forms';
import type { Stylesheet } from './inline-styles';
import type { ScriptFile } from './remote-assets';
import type { ProductPage, ProductQuery } from '@shop/contracts/product-query';
import type { Product } from '@shop/contracts/products';
import type { TracingSettings } from '@shop/server-kit/tracing/tracing-settings';

/** What a renderer process is handed first: one remotes configuration for its whole life (decision 017). */
export interface RendererSetup {
  remotes: RemotesConfig;
  /** The shell's Node build (`dist/server/server-render.mjs`). */
  bundlePath: string;
  /** Where the renderer reads the catalogue (cart-service's public API, as a shopper's browser would). */
  apiOrigin: string;
  /** How long a page may take to render before its late parts are left to the browser. */
  deadlineMs: number;
  /** How long loading one remote module may take while the renderer warms up. */
  loadTimeoutMs: number;
  /**
   * Every file of the configuration's releases the renderer may read (manifests, Node builds, stylesheets), verified by
   * the shell against their integrity records (decision 032): the renderer fetches nothing from a release host.
   */
  files: ReleaseFile[];
  /**
   * Where the renderer sends its spans, or null: tracing off (decision 035). Without the collector's credentials: the
   * releases' code runs in the renderer.
   */
  tracing: TracingSettings | null;
}

/** One file of a release, at its URL, with its recorded digest (`sha384-…`) and its text. */
export interface ReleaseFile {
  url: string;
  integrity: string;
  text: string;
}

/** A page rendered for one shopper (decision 026): their cookies for their own reads, and what the page shows them. */
export interface ShopperRender {
  cookie: string;
  page: PageContext;
}

export interface RenderRequest {
  type: 'render';
  id: number;
  url: string;
  /** Remotes whose host does not answer right now: their slots render the fallback, not code the browser cannot load. */
  down: RemoteName[];
  /** A page for one shopper (decision 026): their cookies for their own reads, and what the page shows them. */
  shopper?: ShopperRender;
  /** The W3C trace context of the shell's span waiting for this page (`traceparent`, `tracestate`), when traced. */
  trace?: Record<string, string>;
}

/** A listing page a render read: the query it asked (contracts' product-query) and the API's answer. */
export interface SeenListing {
  query: ProductQuery;
  page: ProductPage;
}

/** The catalogue a page was rendered with (its reads, in the page's language): listing pages, one product, or nothing known. */
export interface CatalogueSeen {
  listings?: readonly SeenListing[];
  product?: Product;
  /** The ids of the products shown beside a product (its page's related products): the edge's tags (decision 045). */
  relatedIds?: readonly string[];
}

export interface RenderedPage {
  type: 'rendered';
  id: number;
  /** 200, or 404 for an unknown path or an unknown product. */
  status: number;
  html: string;
  /** JSON of the page snapshot (src/data/page-data.ts), for the browser. */
  snapshot: string;
  /** The catalogue the page was rendered with (its listing pages, one product), for what its <head> says of it. */
  catalogue: CatalogueSeen;
  /** Stylesheets of the remote modules on the page (with their text where it can be inlined). */
  stylesheets: Stylesheet[];
  /** The remotes' scripts the first screen's parts need (entries, then modules' files), for the page's head. */
  scripts: ScriptFile[];
  /** Why parts were left to the browser (a render error, the deadline), for the log. */
  problems: string[];
  /** Remotes some of whose modules this page needed and the server could not load (their parts are fallbacks). */
  failedRemotes: RemoteName[];
  ms: number;
}

export interface RenderFailed {
  type: 'failed';
  id: number;
  message: string;
}

/** What the shell sends a renderer: its setup once, then pages to render. */
export type ShellMessage = { type: 'setup'; setup: RendererSetup } | RenderRequest;

/** Accesses the platform refused the renderer since its last report, by the remote whose code asked (access-sensor.ts). */
export interface RefusedReport {
  type: 'refused';
  accesses: { remote: string | null; access: string; count: number }[];
}

/** What a renderer sends the shell: ready once, pages, refusals, and a beat a second while its event loop turns. */
export type RendererMessage =
  | { type: 'ready'; failed: { id: ExposedModuleId; reason: string }[]; ms: number }
  | { type: 'alive' }
  | RefusedReport
  | RenderedPage
  | RenderFailed;
