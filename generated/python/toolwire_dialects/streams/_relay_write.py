# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Writing canonical stream events (schemas/canonical/stream_event.json) as a dialect's events, one at a time,
from its `relay.writes` templates (RELAY in the generated stream module). A block opens with its first event and
closes when another opens, its call stops, or the input ends, when finish and usage are written. Held meanwhile:
the open block (its text so far where the target repeats it whole), the calls' ids and names, and an open call's
arguments where the target writes them whole. A value no template takes is a loss, once; so is a placeholder id
or model the target's template sends because the source gave none."""

from __future__ import annotations

from typing import Any

from .._chat_reasoning import profile_of
from .._dialect import Dialect, finish_reason_out, stream_of
from .._errors import Loss, json_text, report
from .._ids import IdMap
from .._strict_json import exact_integer
from .._usage import usage_out
from . import _relay_blocks as _b
from ._events import _copy
from ._relay_blocks import Block, call_fields, canonical_of, field, put, usage_slots
from ._relay_check import CallCheck
from ._relay_read import compiled
from ._relay_reasoning import write_reasoning
from ._relay_rules import KeptRules

__all__ = ["RelayWriter"]


class RelayWriter:
    """Write canonical stream events as the target's events; losses go to `losses`."""

    def __init__(
        self,
        dialect: Dialect,
        *,
        strict: bool = False,
        id_map: IdMap | None = None,
        reasoning: str = "keep",
        profile: str | None = None,
    ) -> None:
        self.dialect: str = dialect.name
        self.reasoning = reasoning  # the reasoning policy: keep or text (drop: the relay leaves it out)
        self.as_function = False  # custom_tools="function": custom tools' calls sent as functions
        relay_data = stream_of(dialect).RELAY or {}
        # a Chat target's reasoning profile (_relay_reasoning)
        self.profile = profile_of(relay_data["profiles"], dialect.name, profile) if profile is not None else None
        relay = compiled(stream_of(dialect))
        self.writes: dict[str, list[dict[str, Any]]] = relay["writes"]
        self.item_ids: dict[str, str] = relay["item_ids"]
        self.signing = relay_data.get("signing") or {}  # every dialect's signed_reasoning
        self._excludes = relay["usage_excludes"]
        self._rules = KeptRules(relay["rules"])  # the target's signature and part_order rules
        self.strict = strict
        self.losses: list[Loss] = []
        self.id_map = IdMap() if id_map is None else id_map
        self._target = dialect
        self._encode_call = dialect.encoders["tool_call"]
        self._policy = dialect.id_policy
        slots = {slot for ws in self.writes.values() for w in ws for _p, slot in w["set"]}
        self._slots = slots
        self._keep_text = "text_so_far" in slots
        self._call_blocks = bool(self.writes.get("call_close"))  # the target closes a call's block
        # the target sends each call whole: in order, once complete (_flush)
        self._held: list[dict[str, Any]] = []  # its calls whose blocks closed, not yet sent
        self._whole = any(slot == "call" for w in self.writes.get("call_close", ()) for _p, slot in w["set"])
        self._reported: set[str] = set()
        self._started = False
        self._ended = False
        self._message: dict[str, Any] = {}
        self._block: Block | None = None
        self._blocks = 0
        self._kinds: dict[str, int] = {}
        self._calls: dict[int, dict[str, Any]] = {}
        self._finish: dict[str, Any] | None = None
        self._usage: dict[str, int] = {}
        self._wire_usage: dict[str, int] = {}  # the usage as the target counts it (usage_out), at the end
        self._sequence = 0
        self.check: CallCheck | None = None  # the target's reading of what is written (set by the relay)
        self.cut = False  # the stream ended without a finish the target carries: relayed cut off

    # --- losses ----------------------------------------------------------------------------
    def _loss(self, code: str, pointer: str, what: str) -> None:
        if what in self._reported:
            return  # one report per kind of value, not one per delta
        self._reported.add(what)
        report(self.losses, self.strict, code, pointer, self.dialect, what)

    def _report(self, code: str, pointer: str, what: str) -> None:
        report(self.losses, self.strict, code, pointer, self.dialect, what)  # each time: one per call

    def loss(self, code: str, pointer: str, what: str) -> None:
        """Report a loss found outside the writer (the source leaving a block out)."""
        self._loss(code, pointer, what)

    # --- writing templates -----------------------------------------------------------------
    def _write(self, kind: str, values: dict[str, Any], out: list[dict[str, Any]], case: str | None = None) -> None:
        for i, template in enumerate(self.writes.get(kind, ())):
            event: dict[str, Any] = template["build"]()
            if case is not None and template["cases"]:
                overlay = template["cases"].get(case)
                if overlay is None:
                    self._loss(
                        "finish_reason.changed",
                        "/finish_reason",
                        f"finish reason {case!r} (written as {event.get('type', 'the plain finish')!r})",
                    )
                for toks, value in overlay or ():
                    put(event, toks, _copy(value))
            for toks, slot in template["set"]:
                value = self._value(slot, values)
                if value is not None:
                    put(event, toks, value)
            call = values.get("_call") or (self._block.call if self._block is not None else None)
            if self._rules.signs:
                self._rules.sign(kind, i, event, self._loss, f"/calls/{call['index']}" if call else f"/{kind}")
            self._sequence += 1
            out.append(event)
            if self.check is not None:
                self.check.feed(kind, event, call["index"] if call is not None else None)

    def _value(self, slot: str, values: dict[str, Any]) -> Any:
        if slot in values:
            return values[slot]
        if slot == "sequence":
            return self._sequence
        if slot in ("id", "model"):
            if slot not in self._message:  # the template's placeholder stays
                self._loss("response.defaulted", "/" + slot, f"a stream without its {slot} (sent a placeholder)")
            return self._message.get(slot)
        if slot.startswith("usage."):
            return self._wire_usage.get(slot[6:])
        call = values.get("_call")
        if call is not None:
            return self._call_value(slot, call, values)
        block = self._block
        if block is None:
            return None
        if slot == "block":
            return block.index
        if slot == "kind_index":
            return block.kind_index
        if slot == "item_id":
            return self.item_ids.get(block.kind, "item_") + str(block.index)
        if slot == "text_so_far":
            return "".join(block.text)
        if slot == "signature":
            return block.signature
        if block.call is not None:
            return self._call_value(slot, block.call, values)
        return None

    def _call_value(self, slot: str, call: dict[str, Any], values: dict[str, Any]) -> Any:
        if slot == "call_index":
            return call["index"]
        if slot in ("call_id", "name", "block", "kind_index", "caller"):
            return call.get(slot)
        if slot == "arguments":
            return "".join(call["parts"])
        if slot == "call":
            return self._whole_call(call)
        if slot == "item_id":
            return self.item_ids.get(_b.call_kind(call), "item_") + str(call["block"])
        return None

    def _whole_call(self, call: dict[str, Any]) -> Any:
        """The call as the target's wire tool_call, from the source's complete canonical call (its extensions
        ride along, for a same-dialect relay) or the argument text that came."""
        encoded = self._encode_call(canonical_of(call), strict=self.strict, id_map=self.id_map)
        told = call.get("told", ())  # what its start reported already (call_fields)
        for loss in encoded.losses:
            if (where := f"/calls/{call['index']}{loss.pointer}") not in told:
                self._loss(loss.code, where, loss.what)
        return encoded.value

    # --- blocks ----------------------------------------------------------------------------
    def _open(
        self,
        kind: str,
        out: list[dict[str, Any]],
        call: dict[str, Any] | None = None,
        values: dict[str, Any] | None = None,
    ) -> Block:
        self._close(out)
        block = Block(kind, self._blocks, self._kinds.get(kind, 0), call)
        self._blocks += 1
        self._kinds[kind] = block.kind_index + 1
        self._block = block
        self._rules.opened(kind)
        self._write(f"{kind}_open", values or {}, out)
        return block

    def _close_input(self, call: dict[str, Any], out: list[dict[str, Any]]) -> None:
        """custom_tools="function": the JSON string of arguments.input ends with the call's text."""
        if call.get("as_function") and not call.get("input_closed"):
            call["input_closed"] = True
            self._call_delta({"index": call["index"], "arguments_delta": _b.INPUT_CLOSE}, out, raw=True)

    def _close(self, out: list[dict[str, Any]]) -> None:
        block = self._block
        if block is None:
            return
        if block.call is not None:
            self._close_input(block.call, out)
        if block.call is not None and self._whole:
            self._block = None
            block.call["held"] = True
            self._held.append(block.call)
            self._flush(out)
            return
        self._write(f"{block.kind}_close", {}, out)
        self._block = None
        if block.call is not None:
            block.call["closed"] = True
            if self._call_blocks:
                block.call["parts"] = []  # the call is written: its text is no longer needed

    def _flush(self, out: list[dict[str, Any]], end: bool = False) -> None:
        """A whole-call target's calls go out whole, in the order they came, each once the
        source completed it (at the end, those it did not complete are left out)."""
        held = self._held
        while held and (held[0].get("stopped") or end):
            call = held.pop(0)
            if call.get("stopped"):
                self._write("call_close", {"_call": call}, out)
            call["parts"] = []

    def _call_stop(self, call: dict[str, Any], canonical: Any, out: list[dict[str, Any]]) -> None:
        """The source completed the call: its argument text is checked against the source's
        reading of it, sent whole if none came, and its block closed."""
        if call.get("as_function"):  # the input's JSON string ends: the call is a function's
            self._close_input(call, out)
            canonical = _b.sent_as_function(canonical)
        call["canonical"] = canonical
        arguments = canonical.get("arguments") if type(canonical) is dict else None
        writable = not call.get("closed") or not self._call_blocks
        if arguments is not None and writable:
            if not call["sent"]:
                # no argument text came (arguments given whole, or none): send them as text
                text = json_text(arguments)
                self._call_delta({"index": call["index"], "arguments_delta": text}, out)
            elif not _b.same_arguments("".join(call["parts"]), arguments):
                what = f"argument text {''.join(call['parts'])[:40]!r} as the source reads it"
                self._loss("stream.arguments_changed", f"/calls/{call['index']}/arguments", what)
        call["stopped"] = True
        if self._block is not None and self._block.call is call:
            self._close(out)
        elif call.get("held"):
            self._flush(out)
        if not call.get("held"):
            call["parts"] = []

    # --- canonical events in -----------------------------------------------------------------
    def write(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        """One canonical stream event in; the target's events for it out."""
        out: list[dict[str, Any]] = []
        kind = event.get("type")
        if kind == "message_start":
            for key in ("id", "model"):
                if type(event.get(key)) is str:
                    self._message[key] = event[key]
            self._start(out)
            return out
        self._start(out)
        if kind == "text_delta":
            self._text("text", event["text"], out)
        elif kind == "refusal_delta":
            if self.writes.get("refusal"):
                self._text("refusal", event["text"], out)
            else:
                self._loss("part.unsupported", "/refusal", "a refusal (the model's refusal text)")
        elif kind == "reasoning_delta":
            write_reasoning(self, event, out)
        elif kind == "tool_call_start":
            self._call_start(event, out)
        elif kind == "tool_call_delta":
            self._call_delta(event, out)
        elif kind == "tool_call_stop":
            call = self._calls.get(event["index"])
            if call is not None and not call.get("stopped") and not call.get("dropped"):
                self._call_stop(call, event.get("call"), out)
        elif kind == "finish":
            self._finish = event
        elif kind == "usage":
            self._usage.update({k: v for k, v in event["usage"].items() if exact_integer(v) and v >= 0})
        elif kind == "message_stop":
            self._end(out)
        return out

    def _start(self, out: list[dict[str, Any]]) -> None:
        if not self._started:
            self._started = True
            self._write("start", {}, out)

    def _text(self, kind: str, text: str, out: list[dict[str, Any]]) -> None:
        block = self._block
        if block is None or block.kind != kind:
            if self._rules.late(kind, self._loss):
                return
            block = self._open(kind, out)
        if self._keep_text:
            block.text.append(text)
        self._write(kind, {"text": text}, out)

    def _call_start(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        index = event["index"]
        source_id = event.get("id")
        name = event.get("name")
        call: dict[str, Any] = {"index": index, "source_id": source_id, "name": name, "parts": [], "sent": False}
        if event.get("custom") is True and self.as_function:  # asked for: recorded, never refused
            self.losses.append(_b.as_function_loss(name, index, self.dialect))
            call["as_function"] = True
        dropped = None if call.get("as_function") else _b.custom_dropped(event, self.writes)
        if dropped is not None:  # a custom tool's call the target has no form for: left out
            self._loss("tool.custom_dropped", f"/calls/{index}", dropped)
            self._calls[index] = {**call, "dropped": True}
            return
        call["custom"] = event.get("custom") is True and not call.get("as_function")
        call["call_id"] = _b.target_id(
            source_id, index, self._slots, self._policy, self.id_map, self.strict, self._loss
        )
        call_fields(call, event.get("extensions"), self.dialect, "caller" in self._slots, self._report)
        self._calls[index] = call
        block = self._open(_b.call_kind(call), out, call)
        call["block"] = block.index
        call["kind_index"] = block.kind_index
        if call.get("as_function"):  # its input goes out as the JSON string of arguments.input
            self._call_delta({"index": index, "arguments_delta": _b.INPUT_OPEN}, out, raw=True)

    def _call_delta(self, event: dict[str, Any], out: list[dict[str, Any]], raw: bool = False) -> None:
        call = self._calls.get(event["index"])
        if call is None or call.get("dropped"):
            return
        fragment = event["arguments_delta"] if raw or not call.get("as_function") else _b.input_piece(event)
        current = self._block is not None and self._block.call is call
        if call.get("stopped") or (not current and self._call_blocks and not call.get("held")):
            # The target's block for this call is closed (another block came between its fragments).
            self._loss(
                "stream.arguments_changed",
                f"/calls/{call['index']}/arguments",
                "argument text after the call's block was closed",
            )
            return
        call["sent"] = True
        parts = call["parts"]  # kept while the call is open: whole-call targets write it, its stop checks it
        parts.append(fragment)
        if len(parts) > 256:
            parts[:] = ["".join(parts)]
        self._write(f"{_b.call_kind(call)}_delta", {"arguments_delta": fragment, "_call": call}, out)

    def _end(self, out: list[dict[str, Any]]) -> None:
        if self._ended:
            return
        self._ended = True
        finish = self._finish
        canonical = finish.get("finish_reason") if finish is not None else None
        wire = None
        if canonical == "tool_calls" and _b.every_call_dropped(self._calls):
            canonical, finish = "stop", None  # every call was left out (custom tools): none to answer
        if canonical is not None:
            own = (finish.get("extensions") or {}).get(self.dialect) if finish is not None else None
            wire = field(own, "/finish_reason")
            if wire is None and "finish_reason" in self._slots:
                wire = finish_reason_out(self._target, canonical)
                if wire is None:
                    self._loss(
                        "finish_reason.dropped",
                        "/finish_reason",
                        f"finish reason {canonical!r} (the stream is relayed cut off)",
                    )
                    canonical = None
        if canonical is None:
            self._cut(out)
            return
        block = self._block
        if block is not None and block.call is not None and not block.call.get("stopped"):
            self._block = None  # a call the source did not complete stays open: it is incomplete
        self._close(out)
        self._flush(out, end=True)
        self._wire_usage = usage_out(self._usage, usage_slots(self._slots), self._excludes, self._loss)
        self._write("finish", {"finish_reason": wire}, out, case=canonical)
        if self._usage:
            self._write("usage", {}, out)
        self._write("end", {}, out)

    def _cut(self, out: list[dict[str, Any]]) -> None:
        """The source ended without a finish the target has: its stream ends there too, block open,
        no finish or end, never an invented stop (usage goes where the target has an event for it)."""
        self.cut = True
        self._flush(out, end=True)
        carried = usage_slots(slot for t in self.writes.get("usage", ()) for _p, slot in t["set"])
        self._wire_usage = usage_out(self._usage, carried, self._excludes, self._loss)
        if self._usage and carried:
            self._write("usage", {}, out)

    def compare(self, source: list[dict[str, Any]]) -> None:
        """The source's calls (its Assembler's) against the target's reading of what was
        written: each call read otherwise is a loss, unless one was reported for it already."""
        if self.check is not None:
            self.check.report(_b.as_written(source, self.as_function), self.losses, self._loss)
