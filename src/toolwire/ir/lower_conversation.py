"""A dialect's whole compiled request code, lowered once per generate run for every target:
the readers (wire -> canonical), the known-keys constants they read, and the writers
(canonical -> wire), in the order the generated module lists them. Each target only prints."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from toolwire.ir.canonical_sink import CanonicalSink
from toolwire.ir.conversation_nodes import RequestLayout
from toolwire.ir.lower_parts import Trees
from toolwire.ir.lower_request import lower_request_reader
from toolwire.ir.lower_request_writer import lower_request_kept, lower_request_writer, lower_system_writer
from toolwire.ir.lower_settings import lower_settings_reader, lower_settings_writer
from toolwire.ir.lower_system import lower_system_reader
from toolwire.ir.lower_tools import lower_tools_reader
from toolwire.ir.lower_turns import lower_part_reader, lower_turns_reader, reads_blocks
from toolwire.ir.lower_writer import lower_turns_writer
from toolwire.ir.nodes import Envelope
from toolwire.ir.steps import Function


@dataclass(frozen=True)
class LoweredRequest:
    readers: tuple[Function, ...]  # the settings' two directions first, then the wire readers
    trees: Trees  # the known-keys constants the readers name, printed after them
    writers: tuple[Function, ...]  # the whole-request writer and the functions it calls
    kept: bool  # whether the writers end with request_kept, run on the request as sent


@functools.cache
def lower_request(request: RequestLayout, envelopes: tuple[Envelope, ...]) -> LoweredRequest:
    readers = [lower_settings_reader(request.settings), lower_settings_writer(request.settings)]
    if request.system is not None:
        readers.append(lower_system_reader(request.system))
    locations = tuple(loc for e in envelopes for loc in e.locations)  # the order of the module's _LOCATIONS
    tools_fields = tuple(f for e in envelopes for f in e.tools_fields)
    choice_fields = tuple(f for e in envelopes for f in e.choice_fields)
    readers.append(lower_tools_reader(locations, tools_fields, choice_fields))
    trees: Trees = {}
    readers.append(lower_turns_reader(request, CanonicalSink(), trees))
    if reads_blocks(request):  # content and system blocks
        readers.append(lower_part_reader(request, CanonicalSink(), trees))
    readers.append(lower_request_reader(request))
    writers = [lower_request_writer(request)]
    if request.system is not None:
        writers.append(lower_system_writer(request, request.system))
    writers += lower_turns_writer(request)
    kept = lower_request_kept(request)
    if kept is not None:
        writers.append(kept)
    return LoweredRequest(tuple(readers), trees, tuple(writers), kept is not None)
