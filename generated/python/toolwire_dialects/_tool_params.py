# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A tool's parameters: the pydantic model built from its signature (or given), and its definition."""

from __future__ import annotations

import inspect
import json
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

ExtraPolicy = Literal["forbid", "ignore", "allow"]
_Kind = Literal["sync", "async", "sync_gen", "async_gen"]

_ARGS_SECTIONS = ("Args", "Arguments", "Parameters", "Params")
_DOC_SECTION = re.compile(r"^(Args|Arguments|Parameters|Params|Returns?|Yields?|Raises|Examples?|Notes?):\s*$")
_DOC_PARAM = re.compile(r"^\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


@dataclass
class RegisteredTool:
    """One tool: the function, its parameter model, its limits and how to call it."""

    name: str
    func: Callable[..., Any]
    params_model: type[BaseModel]
    description: str | None = None
    timeout: float | None = None
    calls_per_minute: int | None = None
    strict: bool | None = None
    kind: _Kind = "sync"
    pass_model: bool = False  # call func(model) instead of func(**fields)
    field_params: dict[str, str] = field(default_factory=dict)  # model field -> parameter name
    positional: tuple[str, ...] = ()  # positional-only parameters, in order
    accepts_extra: bool = False  # func has **kwargs: pass extra (allowed) arguments through
    _schema: dict[str, Any] | None = field(default=None, repr=False)

    def definition(self) -> dict[str, Any]:
        """The canonical ToolDefinition (a fresh copy each time: callers may mutate it)."""
        if self._schema is None:
            self._schema = self.params_model.model_json_schema()
        out: dict[str, Any] = {"name": self.name}
        if self.description:
            out["description"] = self.description
        out["parameters"] = json.loads(json.dumps(self._schema))
        if self.strict is not None:
            out["strict"] = self.strict
        return out

    def bind(self, model: BaseModel) -> tuple[list[Any], dict[str, Any]]:
        """Positional and keyword arguments for func from a validated model."""
        if self.pass_model:
            return [model], {}
        kwargs = {param: getattr(model, name) for name, param in self.field_params.items()}
        args = [kwargs.pop(p) for p in self.positional]
        if self.accepts_extra and model.model_extra:
            kwargs.update(model.model_extra)
        return args, kwargs


# --- building parameter models -------------------------------------------------------


def _kind_of(func: Callable[..., Any]) -> _Kind:
    targets = [func]
    if not inspect.isroutine(func) and not isinstance(func, type):
        targets.append(type(func).__call__)  # a callable object: its __call__ tells the kind
    if any(inspect.isasyncgenfunction(t) for t in targets):
        return "async_gen"
    if any(inspect.iscoroutinefunction(t) for t in targets):
        return "async"
    if any(inspect.isgeneratorfunction(t) for t in targets):
        return "sync_gen"
    return "sync"


def _type_hints(func: Callable[..., Any]) -> dict[str, Any]:
    target = func if inspect.isroutine(func) or isinstance(func, type) else type(func).__call__
    try:
        return typing.get_type_hints(target, include_extras=True)
    except Exception:  # unresolvable forward refs: use the raw annotations
        return {}


def _bind_to_signature(tool: RegisteredTool, param_docs: dict[str, str], extra: ExtraPolicy | None) -> None:
    """Build the parameter model from the function's signature, like pydantic.validate_call."""
    hints = _type_hints(tool.func)
    fields: dict[str, Any] = {}
    positional: list[str] = []
    for param in inspect.signature(tool.func).parameters.values():
        if param.kind is param.VAR_POSITIONAL:
            raise TypeError(f"tool {tool.name!r}: *{param.name} cannot be filled from named JSON arguments")
        if param.kind is param.VAR_KEYWORD:
            tool.accepts_extra = True
            continue
        if param.name.startswith("_"):
            raise TypeError(f"tool {tool.name!r}: parameter {param.name!r} starts with '_', which pydantic cannot use")
        annotation = hints.get(param.name, param.annotation)
        if annotation is inspect.Parameter.empty:
            annotation = Any
        # Docstring descriptions go first so that an explicit Field(description=...) wins.
        metadata: list[Any] = [Field(description=param_docs[param.name])] if param.name in param_docs else []
        field_name = param.name
        if hasattr(BaseModel, param.name) or param.name.startswith("model_"):
            # It would shadow a BaseModel attribute: store it under another name, keep the JSON name.
            field_name = f"{param.name}_param"
            metadata.append(Field(alias=param.name))
        if typing.get_origin(annotation) is Annotated:
            annotation, *own = typing.get_args(annotation)
            metadata.extend(own)
        if metadata:
            annotation = Annotated[(annotation, *metadata)]
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[field_name] = (annotation, default)
        tool.field_params[field_name] = param.name
        if param.kind is param.POSITIONAL_ONLY:
            positional.append(param.name)
    tool.positional = tuple(positional)
    policy = extra or ("allow" if tool.accepts_extra else "forbid")
    config = ConfigDict(extra=policy, protected_namespaces=(), allow_inf_nan=False)  # NaN is not JSON
    tool.params_model = create_model(_camel(tool.name) + "Params", __config__=config, **fields)


def _bind_to_model(tool: RegisteredTool, model: type[BaseModel], extra: ExtraPolicy | None) -> None:
    """Use a given model: func takes the model itself, or its fields as keyword arguments."""
    signature = inspect.signature(tool.func)
    params = [p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if len(params) == 1:
        annotation = _type_hints(tool.func).get(params[0].name, params[0].annotation)
        tool.pass_model = isinstance(annotation, type) and issubclass(model, annotation)
    if not tool.pass_model:
        missing = [p.name for p in params if p.default is p.empty and p.name not in model.model_fields]
        if missing:
            raise TypeError(f"tool {tool.name!r}: parameters {missing} are not fields of {model.__name__}")
        tool.field_params = {name: name for name in model.model_fields}
        tool.accepts_extra = any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values())
    # The registry rejects unknown arguments by default; a model that chose its own policy keeps it.
    policy = extra or (None if "extra" in model.model_config else "forbid")
    if policy is not None and model.model_config.get("extra") != policy:
        namespace = {
            "model_config": ConfigDict(extra=policy),
            "__module__": model.__module__,
            "__qualname__": model.__qualname__,
        }
        model = type(model.__name__, (model,), namespace)
    tool.params_model = model


def _parse_docstring(doc: str | None) -> tuple[str | None, dict[str, str]]:
    """The description (text before the first section) and Google-style ``Args:`` entries."""
    if not doc:
        return None, {}
    summary: list[str] = []
    params: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    entry_indent = 0
    for line in doc.splitlines():
        stripped = line.strip()
        header = _DOC_SECTION.match(line)  # inspect.getdoc dedents: section headers start at column 0
        if header:
            section, current = header.group(1), None
        elif section is None:
            summary.append(line)
        elif section in _ARGS_SECTIONS and stripped:
            indent = len(line) - len(line.lstrip())
            entry = _DOC_PARAM.match(stripped)
            if entry and (current is None or indent <= entry_indent):
                current, entry_indent = entry.group(1), indent
                params[current] = entry.group(2).strip()
            elif current is not None:  # a continuation line
                params[current] = f"{params[current]} {stripped}".strip()
    return "\n".join(summary).strip() or None, params


def _camel(name: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^0-9A-Za-z]+", name) if w) or "Tool"
