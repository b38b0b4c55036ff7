# What differs per site, included by shop.vcl: where the shells are, and who may purge. This is the one-machine default
# (HAProxy's `shells_from_edge` front on loopback); the fleet writes its own with its ports (deploy/fleet), Kubernetes
# mounts its own (deploy/kubernetes/base/varnish/site.vcl).

backend shells {
    .host = "127.0.0.1";
    .port = "8082";
    # No probe: HAProxy checks the shells and answers 503 itself when none is ready (its French page, or the API's
    # envelope), which a browser must get as it is; a probe would make Varnish answer its own 503 instead.
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

# The servers that purge: release control (in the shells) and the cart-services.
acl purgers {
    "127.0.0.1";
    "::1";
}
