"""What the gateway tells operators: Prometheus metrics (the official client, one registry per
app so several apps in one process never share counters) and one structured JSON log line per
exchange, on the `toolwire.serve` logger. Neither ever holds a key: the log line is built from
the exchange's facts, not from its headers."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

LOGGER = logging.getLogger("toolwire.serve")


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.exchanges = Counter(
            "toolwire_serve_exchanges",
            "Exchanges answered, by route, status and outcome.",
            ["route", "status", "outcome"],
            registry=self.registry,
        )
        self.losses = Counter(
            "toolwire_serve_losses", "Losses reported by conversions, by route.", ["route"], registry=self.registry
        )
        self.seconds = Histogram(
            "toolwire_serve_exchange_seconds",
            "Time from request to the last byte sent.",
            ["route"],
            registry=self.registry,
        )
        self.in_flight = Gauge("toolwire_serve_in_flight", "Exchanges under way.", registry=self.registry)


@dataclass
class Outcome:
    """The facts of one exchange, filled in as it goes, logged and counted once at its end."""

    exchange: str
    route: str
    inbound: str
    upstream: str
    status: int = 0
    outcome: str = "ok"
    stream: bool = False
    model: str | None = None
    upstream_model: str | None = None
    upstream_status: int | None = None
    losses: list[str] = field(default_factory=list)
    error: str | None = None

    def as_log(self, seconds: float) -> dict[str, Any]:
        entry = {"event": "exchange", **self.__dict__, "ms": round(seconds * 1000, 2)}
        return {k: v for k, v in entry.items() if v is not None}


def finish(metrics: Metrics, outcome: Outcome, seconds: float) -> None:
    """Count and log one exchange (once, at its end, whatever ended it)."""
    metrics.exchanges.labels(outcome.route, str(outcome.status), outcome.outcome).inc()
    metrics.seconds.labels(outcome.route).observe(seconds)
    if outcome.losses:
        metrics.losses.labels(outcome.route).inc(len(outcome.losses))
    level = logging.INFO if outcome.outcome == "ok" else logging.WARNING
    LOGGER.log(level, json.dumps(outcome.as_log(seconds), ensure_ascii=False, separators=(",", ":")))
