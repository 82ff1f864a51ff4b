"""`toolwire serve`: a protocol gateway. A client speaks its dialect on the dialect's native
path; the gateway converts the request with the generated converters, forwards it to the
route's configured upstream, and converts the response or stream back, reporting losses.

One job per module: config (routes as data, validated), wire (each dialect's HTTP facts),
errors (each dialect's error shape), convert (the only door to the generated package),
framing (upstream stream events, size-limited), upstream (the pooled client, URLs, keys),
policy (what losses do), record (capture files), observe (metrics and the log line),
exchange and streaming (one request each way), app (the ASGI app), command (the CLI).
"""
