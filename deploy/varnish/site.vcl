# What differs per site, included by shop.vcl: where the shells are, and who may purge. This is the one-machine default
# (HAProxy's `shells_from_edge` front on loopback); the fleet writes its own with its ports (deploy/fleet), Kubernetes
# mounts its own (deploy/kubernetes/base/varnish/site.vcl).

backend shells {
    .host = "127.0.0.1";
    .port = "8082";
    # HAProxy's monitor answers 503 while no shell is ready: Varnish then serves pages past their freshness for their
    # whole grace (stale-if-error) instead of asking a backend that cannot answer.
    .probe = {
        .url = "/edge/shells-up";
        .interval = 500ms;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

# The servers that purge: release control (in the shells) and the cart-services.
acl purgers {
    "127.0.0.1";
    "::1";
}
