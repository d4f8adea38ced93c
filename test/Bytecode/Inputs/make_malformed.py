#!/usr/bin/env python3
#===- make_malformed.py - Generate the malformed bytecode fixtures --------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Writes test/Bytecode/Inputs/malformed/*.tileirbc, each one valid fixture
# (test/kernels/fixtures/abs_i32.13.3.tileirbc) with exactly one defect, for
# the test/Bytecode/malformed-*.test lit tests. The byte offset each defect
# sits at is printed (`--offsets`) so the CHECK lines can be re-derived when
# the generator changes. The output is deterministic; re-run it and commit
# the fixtures together with the script:
#
#   python3 test/Bytecode/Inputs/make_malformed.py [--offsets]
#
#===----------------------------------------------------------------------===#

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SOURCE = os.path.join(ROOT, "test", "kernels", "fixtures",
                      "abs_i32.13.3.tileirbc")
SOURCE_13_4 = os.path.join(ROOT, "test", "kernels", "fixtures",
                           "abs_i32.13.4.tileirbc")
SOURCE_13_5 = os.path.join(ROOT, "test", "kernels", "fixtures",
                           "abs_i32.13.5.tileirbc")
OUT = os.path.join(HERE, "malformed")

STRING, FUNC, DEBUG, CONSTANT, TYPE, GLOBAL, PRODUCER = 1, 2, 3, 4, 5, 6, 7
PAD = 0xCB


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data, pos):
    value, shift = 0, 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


class Section:
    """One section: its id byte's id, alignment (1 = no field) and payload."""

    def __init__(self, sid, align, payload):
        self.sid, self.align, self.payload = sid, align, bytearray(payload)


def parse(data):
    """Splits a well-formed file into its header and sections."""
    header = bytes(data[:12])
    sections, pos = [], 12
    while data[pos] != 0:
        id_byte = data[pos]
        length, pos = read_varint(data, pos + 1)
        align = 1
        if id_byte & 0x80:
            align, pos = read_varint(data, pos)
            pos += -pos % align
        sections.append(Section(id_byte & 0x7F, align, data[pos:pos + length]))
        pos += length
    assert pos == len(data) - 1, "trailing bytes after the end marker"
    return header, sections


class Writer:
    """Writes a file back, recording where each section's parts landed."""

    def __init__(self, header, sections):
        self.out = bytearray(header)
        self.at = {}  # sid -> (id byte offset, payload offset)
        for s in sections:
            self.section(s)
        self.out.append(0)

    def section(self, s, id_byte=None, length=None):
        start = len(self.out)
        if id_byte is None:
            id_byte = s.sid | (0x80 if s.align > 1 else 0)
        self.out.append(id_byte)
        self.out += varint(len(s.payload) if length is None else length)
        if id_byte & 0x80:
            self.out += varint(s.align)
            self.out += bytes([PAD]) * (-len(self.out) % s.align)
        self.at.setdefault(s.sid, (start, len(self.out)))
        self.out += s.payload


def find(sections, sid):
    return next(s for s in sections if s.sid == sid)


def table_entry(payload, width, index):
    """(start, end) of entry `index` of an indexed table inside `payload`."""
    count, pos = read_varint(payload, 0)
    pos += -pos % width
    offsets = [int.from_bytes(payload[pos + i * width:pos + (i + 1) * width],
                              "little") for i in range(count)]
    data = pos + count * width
    end = offsets[index + 1] if index + 1 < count else len(payload) - data
    return data + offsets[index], data + end


def func_layout(payload):
    """Offsets of the fields of the only function of the Func section."""
    count, pos = read_varint(payload, 0)
    assert count == 1
    f = {"name": pos}
    _, pos = read_varint(payload, pos)
    f["signature"] = pos
    _, pos = read_varint(payload, pos)
    f["flags"] = pos
    flags = payload[pos]
    assert flags == 0x06, "expected a kernel with hints"
    _, pos = read_varint(payload, pos + 1)
    f["hints"] = pos
    # The fixture's hints are `<default = {}>`: tag, one entry, key, {}.
    assert payload[pos:pos + 5] == bytes([0x0B, 0x01, 0x05, 0x0A, 0x00])
    pos += 5
    f["body_length"] = pos
    length, pos = read_varint(payload, pos)
    f["body"] = pos
    f["body_end"] = pos + length
    return f


def replace_entry(payload, width, index, data):
    """`payload` (an indexed table) with entry `index` replaced by `data`."""
    count, pos = read_varint(payload, 0)
    head = pos + (-pos % width)
    entries = [bytes(payload[a:b]) for a, b in
               (table_entry(payload, width, i) for i in range(count))]
    entries[index] = bytes(data)
    out = bytearray(payload[:head])
    offset = 0
    for e in entries:
        out += offset.to_bytes(width, "little")
        offset += len(e)
    for e in entries:
        out += e
    return out


def with_body(sections, rewrite):
    """The sections with the function body replaced by rewrite(body)."""
    func = find(sections, FUNC)
    f = func_layout(func.payload)
    p = func.payload
    body = rewrite(bytes(p[f["body"]:f["body_end"]]))
    func.payload = (p[:f["body_length"]] + varint(len(body)) + body +
                    p[f["body_end"]:])
    return sections


def main():
    show = "--offsets" in sys.argv
    source = open(SOURCE, "rb").read()
    header, base = parse(source)
    assert Writer(header, base).out == source, "the writer does not round trip"
    os.makedirs(OUT, exist_ok=True)

    def fresh():
        return [Section(s.sid, s.align, s.payload) for s in base]

    def emit(name, data, note=""):
        with open(os.path.join(OUT, name + ".tileirbc"), "wb") as f:
            f.write(bytes(data))
        if show:
            print("%-32s %5d bytes  %s" % (name, len(data), note))

    layout = Writer(header, base)
    func_at = layout.at[FUNC][1]
    f = func_layout(find(base, FUNC).payload)
    # The body grows by the prefix, but the length varint keeps its size as
    # long as the body stays under 128 bytes; assert that below.
    body_at = func_at + f["body"]

    # --- Header ----------------------------------------------------------
    emit("bad-magic", b"\x7FTileIX\x00" + source[8:], "offset 0")
    emit("truncated-magic", source[:5], "offset 0")
    emit("truncated-header", source[:10], "tag at 10")
    for name, major, minor in [("13.0", 13, 0), ("13.6", 13, 6),
                               ("14.0", 14, 0)]:
        emit("version-" + name, source[:8] + bytes([major, minor]) +
             source[10:], "offset 8")

    # --- Section framing -------------------------------------------------
    emit("truncated-section-header", source[:13], "length at 13")
    emit("no-end-marker", source[:-1], "offset %d" % (len(source) - 1))
    emit("truncated-inside-section", source[:func_at + 20],
         "func payload at %d" % func_at)
    # The String section is the last one: cut in its middle.
    str_id, str_at = layout.at[STRING]
    emit("truncated-string-section", source[:str_at + 30],
         "string id at %d, payload at %d" % (str_id, str_at))

    out = bytearray(source)
    out[str_id] = 0x80 | 9
    emit("unknown-section-id", out, "offset %d" % str_id)

    w = Writer(header, fresh()[:-1])
    w.out.pop()
    w.section(find(base, STRING))
    dup_at = len(w.out)
    w.section(find(base, STRING))
    w.out.append(0)
    emit("duplicate-section", w.out, "offset %d" % dup_at)

    # The String section without its alignment field.
    w = Writer(header, fresh()[:-1])
    w.out.pop()
    mis_at = len(w.out)
    w.section(find(base, STRING), id_byte=STRING)
    w.out.append(0)
    emit("misaligned-section", w.out, "offset %d" % mis_at)

    # An alignment that is not a power of two.
    w = Writer(header, fresh()[:-1])
    w.out.pop()
    bad_align = find(base, STRING)
    bad_align = Section(STRING, 3, bad_align.payload)
    align_at = len(w.out) + 2
    w.section(bad_align)
    w.out.append(0)
    emit("bad-alignment", w.out, "alignment varint at %d" % align_at)

    w = Writer(header, fresh()[:-1])
    w.out.pop()
    w.section(find(base, STRING), length=5000)
    w.out.append(0)
    emit("section-length-past-end", w.out,
         "payload at %d, %d bytes left" % (str_at, len(w.out) - str_at))

    out = bytearray(source)
    out.insert(len(out), 0x55)
    emit("bytes-after-end", out, "end marker at %d" % (len(source) - 1))

    # --- Truncation inside each section, framing kept consistent ---------
    for sid, name in [(FUNC, "func"), (DEBUG, "debug"),
                      (CONSTANT, "constant"), (TYPE, "type"),
                      (STRING, "string")]:
        secs = fresh()
        s = find(secs, sid)
        s.payload = s.payload[:len(s.payload) // 2]
        w = Writer(header, secs)
        emit("truncated-%s-table" % name, w.out,
             "payload at %d, now %d bytes" % (w.at[sid][1], len(s.payload)))

    # --- Tables and indices ----------------------------------------------
    secs = fresh()
    func = find(secs, FUNC)
    func.payload[f["name"]] = 0x7F
    emit("string-index-out-of-range", Writer(header, secs).out,
         "offset %d" % (func_at + f["name"]))

    secs = fresh()
    func = find(secs, FUNC)
    func.payload[f["signature"]] = 0x7F
    emit("type-index-out-of-range", Writer(header, secs).out,
         "offset %d" % (func_at + f["signature"]))

    # Type table entries of the fixture: 0 i1, 1 i32, 2 ptr<i32> (0c 01),
    # 3 tile<ptr<i32>> (0d 02 00), 4 tile<i32>, 5 the signature.
    type_at = layout.at[TYPE][1]
    tpayload = find(base, TYPE).payload
    e2 = table_entry(tpayload, 4, 2)
    assert tpayload[e2[0]:e2[1]] == bytes([0x0C, 0x01])
    e3 = table_entry(tpayload, 4, 3)
    assert tpayload[e3[0]:e3[1]] == bytes([0x0D, 0x02, 0x00])
    secs = fresh()
    find(secs, TYPE).payload[e2[0] + 1] = 0x02
    emit("type-cycle-self", Writer(header, secs).out,
         "type 2 at %d" % (type_at + e2[0]))
    secs = fresh()
    find(secs, TYPE).payload[e2[0] + 1] = 0x03
    emit("type-cycle-later", Writer(header, secs).out,
         "type 2 at %d" % (type_at + e2[0]))

    e1 = table_entry(tpayload, 4, 1)
    assert tpayload[e1[0]:e1[1]] == bytes([0x03])
    secs = fresh()
    find(secs, TYPE).payload[e1[0]] = 0x7E
    emit("unknown-type-tag", Writer(header, secs).out,
         "type 1 at %d" % (type_at + e1[0]))
    secs = fresh()
    find(secs, TYPE).payload[e1[0]] = 0x13  # f4E2M1FN: 13.3 only
    out = Writer(header, secs).out
    out[9] = 1
    emit("type-tag-too-new", out, "type 1 at %d" % (type_at + e1[0]))

    secs = fresh()
    find(secs, FUNC).payload[f["hints"]] = 0x0D
    emit("unknown-attribute-tag", Writer(header, secs).out,
         "offset %d" % (func_at + f["hints"]))

    # The only constant is `04 01000000` (i32 1): claim 3 bytes instead.
    cpayload = find(base, CONSTANT).payload
    c0 = table_entry(cpayload, 8, 0)
    assert cpayload[c0[0]:c0[1]] == bytes([4, 1, 0, 0, 0])
    secs = fresh()
    cs = find(secs, CONSTANT)
    cs.payload = cs.payload[:c0[0]] + bytes([3, 1, 0, 0])
    emit("bad-constant-size", Writer(header, secs).out,
         "constant 0 at %d" % (layout.at[CONSTANT][1] + c0[0]))

    # --- Ops, prepended to the function body -----------------------------
    # Type 4 is tile<i32>; the function has 6 arguments (values 0..5).
    def body_case(name, prefix, note):
        secs = with_body(fresh(), lambda body: bytes(prefix) + body)
        assert f["body_end"] - f["body"] + len(prefix) < 128
        emit(name, Writer(header, secs).out,
             "first op at %d; %s" % (body_at, note))

    body_case("unknown-opcode", [0x19], "")
    body_case("unsupported-opcode", [0x7A], "")
    body_case("body-op-elsewhere", [0x16], "entry")
    # absi: result type, one operand.
    body_case("value-index-out-of-range", [0x01, 0x04, 0x40],
              "operand at +2")
    # constant: result type, constant index.
    body_case("constant-index-out-of-range", [0x10, 0x04, 0x05],
              "index at +2")
    # return: result count 0, operand count, then indices; 100 operands
    # are more than the bytes left.
    body_case("operand-count-past-end", [0x5C, 0x00, 0x64], "count at +2")
    # if: result count 0, condition, then the region count (2 expected).
    body_case("wrong-region-count", [0x32, 0x00, 0x00, 0x01],
              "region count at +3")
    # addi: result type, overflow enum 9 (out of range).
    body_case("bad-enum-value", [0x03, 0x04, 0x09, 0x00, 0x00],
              "enum at +2")
    # ftof: result type, rounding mode 7 (nearest_away), which 13.3 lacks.
    body_case("rounding-too-new", [0x2A, 0x04, 0x07, 0x00], "enum at +2")

    # The body's last op is `return` (5c, no results, no operands): drop
    # its operand count.
    body_len = f["body_end"] - f["body"]
    assert find(base, FUNC).payload[f["body_end"] - 3:f["body_end"]] == \
        bytes([0x5C, 0x00, 0x00])
    secs = with_body(fresh(), lambda body: body[:-1])
    emit("truncated-op", Writer(header, secs).out,
         "count at %d" % (body_at + body_len - 1))

    # Well encoded but invalid: `return %arg0` from a kernel. The verifier,
    # not the reader, rejects it.
    secs = with_body(fresh(), lambda body: body[:-1] + bytes([0x01, 0x00]))
    emit("wrong-operand-count", Writer(header, secs).out,
         "operand count at %d" % (body_at + body_len - 1))

    emit_13_4(emit, show)
    emit_13_5(emit, show)


def emit_13_4(emit, show):
    """What 13.4 changed: pointer type flags, the fnv8E5M3FNU tag and the
    `inbounds` flags of view accesses, on the 13.4 export of the fixture."""
    source = open(SOURCE_13_4, "rb").read()
    header, base = parse(source)
    assert Writer(header, base).out == source, "the writer does not round trip"
    layout = Writer(header, base)

    def fresh():
        return [Section(s.sid, s.align, s.payload) for s in base]

    # Types as in 13.3, but ptr<i32> carries its flags: 0c 00 01.
    type_at = layout.at[TYPE][1]
    tpayload = find(base, TYPE).payload
    e1 = table_entry(tpayload, 4, 1)
    e2 = table_entry(tpayload, 4, 2)
    assert tpayload[e2[0]:e2[1]] == bytes([0x0C, 0x00, 0x01])
    secs = fresh()
    find(secs, TYPE).payload[e2[0] + 1] = 0x02
    emit("ptr-flags-unknown-13.4", Writer(header, secs).out,
         "flags of type 2 at %d" % (type_at + e2[0] + 1))
    # Flag bit 0: a pointer attribute after the pointee; only 0 is defined.
    secs = fresh()
    t = find(secs, TYPE)
    t.payload = replace_entry(t.payload, 4, 2, [0x0C, 0x01, 0x01, 0x05])
    w = Writer(header, secs)
    emit("ptr-attr-unknown-13.4", w.out, "type 2 at %d" % (
        w.at[TYPE][1] + table_entry(t.payload, 4, 2)[0]))
    # The 13.4 tag of fnv8E5M3FNU (varint 130), which has no MLIR type here.
    secs = fresh()
    t = find(secs, TYPE)
    t.payload = replace_entry(t.payload, 4, 1, [0x82, 0x01])
    w = Writer(header, secs)
    emit("type-fnv8-13.4", w.out, "type 1 at %d" % (
        w.at[TYPE][1] + table_entry(t.payload, 4, 1)[0]))
    del e1

    # load_view_tko: two result types, flags 0, weak, then `inbounds` with
    # one flag byte of 2.
    f = func_layout(find(base, FUNC).payload)
    secs = with_body(fresh(), lambda body: bytes(
        [0x3E, 0x02, 0x04, 0x04, 0x00, 0x00, 0x01, 0x02]) + body)
    emit("inbounds-bad-byte-13.4", Writer(header, secs).out,
         "flag byte at %d" % (layout.at[FUNC][1] + f["body"] + 7))


def emit_13_5(emit, show):
    """What 13.5 changed in a function's header (no hints bit, hints and
    argument attributes always present) and its ops (multimem opcodes), on
    the 13.5 export of the fixture."""
    source = open(SOURCE_13_5, "rb").read()
    header, base = parse(source)
    assert Writer(header, base).out == source, "the writer does not round trip"
    layout = Writer(header, base)
    func_at = layout.at[FUNC][1]

    def fresh():
        return [Section(s.sid, s.align, s.payload) for s in base]

    # count, name, signature, flags 0x02, debug index, hints <default = {}>,
    # argument attributes [] (tag 6, no elements), body length, body.
    p = find(base, FUNC).payload
    count, pos = read_varint(p, 0)
    assert count == 1
    _, pos = read_varint(p, pos)
    _, pos = read_varint(p, pos)
    flags_at = pos
    assert p[flags_at] == 0x02, "expected a kernel without the hints bit"
    _, pos = read_varint(p, flags_at + 1)
    assert p[pos:pos + 5] == bytes([0x0B, 0x01, 0x05, 0x0A, 0x00])
    args_at = pos + 5
    assert p[args_at:args_at + 2] == bytes([0x06, 0x00])
    body_len_at = args_at + 2
    length, body_at = read_varint(p, body_len_at)

    def func_with(prefix_end, middle, suffix_start):
        secs = fresh()
        f = find(secs, FUNC)
        f.payload = bytearray(p[:prefix_end]) + bytes(middle) + p[suffix_start:]
        return Writer(header, secs).out

    emit("func-hints-bit-13.5", func_with(flags_at, [0x06], flags_at + 1),
         "flags at %d" % (func_at + flags_at))
    # A string attribute (tag 5, string 0) where the array belongs.
    emit("arg-attrs-not-array-13.5", func_with(args_at, [0x05, 0x00],
                                               args_at + 2),
         "argument attributes at %d" % (func_at + args_at))
    # One empty dictionary for a kernel with more arguments.
    emit("arg-attrs-count-13.5", func_with(args_at, [0x06, 0x01, 0x0A, 0x00],
                                           args_at + 2),
         "argument attributes at %d" % (func_at + args_at))
    # The body starting with a multimem op, then with the first opcode past
    # 13.5's table.
    body = bytes(p[body_at:body_at + length])
    for name, opcode in [("multimem-13.5", 0x7B), ("opcode-0x7e-13.5", 0x7E)]:
        new = bytes([opcode]) + body
        emit(name, func_with(body_len_at, varint(len(new)) + new,
                             body_at + length),
             "opcode at %d" % (func_at + body_len_at +
                               len(varint(len(new)))))


if __name__ == "__main__":
    main()
