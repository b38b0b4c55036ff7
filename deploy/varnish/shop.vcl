vcl 4.1;
# The shop's shared page cache (Varnish 7.1 with varnish-modules' xkey), between HAProxy's public front and the shells
# (decision 045). The shells decide what may be shared (`Cache-Control`) and what a page shows (its tags, in `xkey`);
# this file decides what a cached page is keyed on, who may purge, and how long a page outlives the shells.
#
# What differs per site (the backend and who may purge) is in `site.vcl`, found on varnishd's vcl_path: the fleet
# writes its own (deploy/fleet), `deploy/varnish/site.vcl` is the one-machine default, Kubernetes mounts another.
# `varnishd -C -f deploy/varnish/shop.vcl` compiles it (deploy/varnish/varnish-config.test.ts).

import std;
import xkey;
import cookie;

include "site.vcl";

sub vcl_recv {
    # A purge names tags (`xkey-purge: product:sv-001 release:mf_cart@1.0.1`): every page carrying one is dropped, so
    # the next shopper's request renders it again. Only the shop's own servers may ask.
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge header required"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }

    # HAProxy asks whether the cache answers (the shells are HAProxy's to check: site.vcl).
    if (req.url == "/edge/varnish-up") {
        return (synth(200, "ok"));
    }

    # Headers the shop's pages do not vary on never reach the key or the shells: a page names its own origin
    # (PUBLIC_URL), and its language is its URL's (/ar/…), never the browser's.
    unset req.http.X-Forwarded-Host;
    unset req.http.X-Original-URL;
    unset req.http.X-Rewrite-URL;
    unset req.http.Accept-Language;

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A request with credentials, the API (carts, orders), the console, release previews and the browsers' reports
    # are never shared, whatever their answers say.
    if (req.http.Authorization) {
        return (pass);
    }
    if (req.url ~ "^/(api|operations|telemetry|remotes|preview)(/|\?|$)") {
        return (pass);
    }
    # A browser holding a release preview's link, or the notice its last form post left, is rendered a page of its
    # own (decisions 026 and 030).
    cookie.parse(req.http.Cookie);
    if (cookie.isset("shop_preview") || cookie.isset("shop_notice")) {
        return (pass);
    }
    # The canary's arm (decision 021): the shell writes `<canary>-<l|c>` beside the bucket; a page is kept per arm, so a
    # canary's share of shoppers holds through the cache. Anything else is the key of browsers without an arm.
    set req.http.x-shop-arm = cookie.get("shop_arm");
    if (req.http.x-shop-arm !~ "^[0-9a-f]{8}-[lc]$") {
        set req.http.x-shop-arm = "none";
    }

    # Links shared on WhatsApp or from ads carry tracking parameters the pages ignore: one page, one key.
    set req.url = regsuball(req.url, "([?&])(utm_[a-z]+|fbclid|gclid|msclkid)=[^&]*", "\1");
    set req.url = regsuball(req.url, "[?&]+$", "");
    set req.url = regsub(req.url, "\?&+", "?");
    set req.url = regsuball(req.url, "&&+", "&");
    set req.url = std.querysort(req.url);

    # A page past its freshness is served for stale-while-revalidate while one request renders it again. Past that,
    # it is asked for; if the shells cannot answer, the page is served for its whole grace (stale-if-error, below).
    if (!req.http.x-stale-if-error) {
        set req.grace = 30s;
    }
    return (hash);
}

sub vcl_hash {
    # The URL and the canary arm, nothing else: not the Host a client sent, not its other cookies.
    hash_data(req.url);
    hash_data(req.http.x-shop-arm);
    return (lookup);
}

sub vcl_backend_fetch {
    unset bereq.http.x-shop-arm;
}

sub vcl_backend_response {
    # A background refresh that failed keeps the page it was refreshing.
    if (bereq.is_bgfetch && beresp.status >= 500) {
        return (abandon);
    }
    # A page the shells marked shareable (s-maxage) outlives them for its stale-if-error; anything that sets a cookie,
    # is private or failed is never stored (Varnish's built-in rules, kept by falling through to them).
    if (beresp.http.Cache-Control ~ "s-maxage" && beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, ".*stale-if-error=([0-9]+).*", "\1s"), 0s);
    }
    # A page the shells failed to render, asked for the first time: given up, so the request is restarted with the
    # whole grace and gets the page kept. Asked again, or a request passed (the API, a shopper's page): their answer
    # (HAProxy's French 503 when no shell is up) goes to the browser as it is, never stored.
    if (beresp.status >= 500 && !bereq.uncacheable && !bereq.http.x-stale-if-error) {
        return (abandon);
    }
    if (beresp.status >= 500) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
}

# The shells could not be reached at all (HAProxy down in the fleet; no ready shell behind Kubernetes' Service): a page
# kept is looked up again with its whole grace (vcl_synth), and otherwise the browser gets the shop's French answer,
# the API's envelope for the API (contracts' SHOP_UNAVAILABLE_MESSAGE, as HAProxy's deploy/haproxy/errors).
sub vcl_backend_error {
    if (bereq.is_bgfetch || (!bereq.uncacheable && !bereq.http.x-stale-if-error)) {
        return (abandon);
    }
    set beresp.status = 503;
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "2";
    if (bereq.url ~ "^/api/") {
        set beresp.http.Content-Type = "application/json; charset=utf-8";
        set beresp.body = """{"error":{"code":"unavailable","message":"La boutique est momentanément indisponible. Réessayez dans un instant."}}""";
    } else {
        set beresp.http.Content-Type = "text/html; charset=utf-8";
        set beresp.body = {"<!doctype html>
<html lang="fr-MA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Boutique momentanément indisponible — Maison Argane</title></head>
<body><main><h1>La boutique est momentanément indisponible</h1><p>Réessayez dans un instant : votre panier est conservé.</p>
<p><a href="/">Retour à l’accueil</a></p></main></body></html>
"};
    }
    return (deliver);
}

sub vcl_deliver {
    # Tags are for caches, never for browsers.
    unset resp.http.xkey;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    # A page given up above (the shells failed it): look again with the page's whole grace (stale-if-error).
    if (resp.status == 503 && req.restarts == 0 && req.http.x-shop-arm && !req.http.x-stale-if-error) {
        set req.http.x-stale-if-error = "1";
        return (restart);
    }
    if (resp.status == 200 || resp.status == 400 || resp.status == 403) {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason;
        return (deliver);
    }
}
