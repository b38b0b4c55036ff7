# Kubernetes' site.vcl: what differs per site, included by deploy/varnish/shop.vcl (`include "site.vcl";`, ahead of its
# own subroutines) in place of the one-machine deploy/varnish/site.vcl. Both files are mounted in /etc/varnish, which is
# varnishd's vcl_path (varnish.yaml).
#
# VCL reads no environment: what differs between the fleet and Kubernetes is this file. Here Varnish reaches the
# shells through the shell's Service: its name resolves (once, when the VCL is loaded) to the Service's cluster IP,
# which is fixed for the Service's life, and kube-proxy spreads the connections over the shells whose /readyz
# answers, as HAProxy's shells_from_edge does in the fleet. No HAProxy runs in the cluster.
backend shells {
    .host = "shell";
    .port = "3000";
    # Through the Service, a probe reaches one ready shell; /healthz rather than /readyz, so that a shell draining
    # (503 on /readyz until kube-proxy drops it) does not count against all of them: sick means no shell answers.
    .probe = {
        .url = "/healthz";
        .interval = 1s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

# The servers that purge, release control (in the shells) and the cart-services, are pods: their addresses are the
# cluster's, known to no file. The walls are elsewhere: only their pods reach the purge listener (the NetworkPolicy
# varnish), and the vcl_recv below takes a PURGE on that listener only. This list keeps out anything from outside the
# private ranges that a misconfigured Service or load balancer would let reach it.
acl purgers {
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

# Two listeners (varnishd -a, varnish.yaml): "http" (6081) takes the ingress controller's requests, "purge" (6082) the
# shells' and cart-services' PURGE requests. A NetworkPolicy can only say who reaches which port, and on one port the
# ingress controller would carry the Internet's PURGE requests from an address in the same pod range as the purgers'.
# So a PURGE is refused on the public listener, and anything but a PURGE on the purge listener. This runs before
# shop.vcl's vcl_recv (VCL joins a subroutine's definitions in the order it reads them), which then checks purgers.
sub vcl_recv {
    if (local.socket == "purge") {
        if (req.method != "PURGE") {
            return (synth(405));
        }
    } elsif (req.method == "PURGE") {
        return (synth(405));
    }
}
