"""AWS Signature Version 4, through botocore's signer only (`botocore.auth.SigV4Auth` over a
`botocore.awsrequest.AWSRequest`): signing the requests sent to a Bedrock upstream, and
checking the signature of a Bedrock client's request where the route checks inbound keys.

A route's AWS credentials come from environment variables it names (`credential = "aws"` reads
AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the optional AWS_SESSION_TOKEN;
`"aws:ID_VAR,SECRET_VAR[,TOKEN_VAR]"` names others), read per request like `env:` keys.
botocore is imported when first used: the configuration check reads this module without it."""

from __future__ import annotations

import hmac
import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from botocore.credentials import Credentials  # type: ignore[import-untyped]  # botocore ships no types

DEFAULT_NAMES = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")
# bedrock-runtime.us-east-1.amazonaws.com, bedrock-runtime-fips.us-gov-west-1.amazonaws.com
_REGION_IN_HOST = re.compile(r"^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$")
_AUTHORIZATION = re.compile(
    r"^AWS4-HMAC-SHA256 Credential=(?P<key>[^/,\s]+)/(?P<date>\d{8})/(?P<region>[^/]+)/(?P<service>[^/]+)/aws4_request,"
    r"\s*SignedHeaders=(?P<signed>[a-z0-9;._-]+),\s*Signature=(?P<signature>[0-9a-f]{64})$"
)
MAX_SKEW = 300  # seconds a signed request's x-amz-date may be off the gateway's clock


class Unsigned(Exception):
    """The route's AWS credentials are missing (an unset variable)."""


def is_aws(credential: str) -> bool:
    return credential == "aws" or credential.startswith("aws:")


def variable_names(credential: str) -> tuple[str, ...]:
    """The variables an `aws` / `aws:ID,SECRET[,TOKEN]` credential source reads."""
    return DEFAULT_NAMES if credential == "aws" else tuple(credential[4:].split(","))


def region_from_url(base_url: str) -> str | None:
    """The region of a Bedrock runtime endpoint's host name, None for any other host."""
    host = re.sub(r"^https?://", "", base_url).split("/", 1)[0].split(":", 1)[0]
    found = _REGION_IN_HOST.match(host)
    return found.group(1) if found else None


def credentials(credential: str) -> Credentials:
    from botocore.credentials import Credentials

    names = variable_names(credential)
    key, secret = os.environ.get(names[0]), os.environ.get(names[1])
    if not key or not secret:
        missing = [name for name, value in zip(names[:2], (key, secret), strict=True) if not value]
        raise Unsigned(f"the upstream AWS credential variable {' and '.join(missing)} is not set")
    token = os.environ.get(names[2]) if len(names) > 2 else None
    return Credentials(key, secret, token or None)


def sign(
    creds: Credentials, service: str, region: str, url: str, headers: Mapping[str, str], body: bytes
) -> dict[str, str]:
    """The headers to send: the given ones plus x-amz-date, the session token if any, and the
    authorization botocore computed over method, URL, those headers and the body."""
    from botocore.auth import SigV4Auth  # type: ignore[import-untyped]  # botocore ships no types
    from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped]  # botocore ships no types

    request = AWSRequest(method="POST", url=url, headers=dict(headers), data=body)
    SigV4Auth(creds, service, region).add_auth(request)
    return {name.lower(): str(value) for name, value in request.headers.items()}


def secrets(creds: Credentials) -> tuple[str, ...]:
    """What of the credentials must never be written down (the access key id is no secret)."""
    return tuple(value for value in (creds.secret_key, creds.token) if value)


def verify(
    method: str, url: str, headers: Mapping[str, str], body: bytes, secret: str, now: datetime | None = None
) -> str | None:
    """None when the request's SigV4 signature was made with `secret` (any access key id, the
    region and service it names), within MAX_SKEW of now; else why not. `url` is the request's
    URL as sent (its path still percent-encoded, as the client signed it)."""
    from botocore.auth import SIGV4_TIMESTAMP, SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials

    found = _AUTHORIZATION.match(headers.get("authorization", ""))
    if found is None:
        return "the authorization header is no AWS SigV4 signature"
    stamp = headers.get("x-amz-date", "")
    try:
        signed_at = datetime.strptime(stamp, SIGV4_TIMESTAMP).replace(tzinfo=UTC)
    except ValueError:
        return "the x-amz-date header is missing or not a SigV4 timestamp"
    if abs(((now or datetime.now(UTC)) - signed_at).total_seconds()) > MAX_SKEW or stamp[:8] != found["date"]:
        return "the signature's date is not now"
    signed = found["signed"].split(";")
    if "host" not in signed or any(name not in headers for name in signed):
        return "the signature does not cover the host, or names a header the request lacks"
    request = AWSRequest(method=method, url=url, headers={name: headers[name] for name in signed}, data=body)
    request.context["timestamp"] = stamp
    auth = SigV4Auth(Credentials(found["key"], secret), found["service"], found["region"])
    canonical = auth.canonical_request(request)
    expected = auth.signature(auth.string_to_sign(request, canonical), request)
    return (
        None if hmac.compare_digest(expected, found["signature"]) else "the signature does not match the gateway's key"
    )
