;; The validating line indexer of session-jsonl, in WebAssembly (see ../line-index-wasm.ts for the
;; JavaScript side). It walks the lines of a chunk of a JSONL file, checks each one against the
;; JSON grammar completely (so a line is accepted exactly when `JSON.parse` would accept it and
;; find an object), and records, per line, where the values of the wanted top-level keys lie, and
;; where the `id` member of the object under the "message key" lies. Nothing is copied or built:
;; the JavaScript side decodes and parses only the values it needs.
;;
;; The grammar is RFC 8259's, as ECMAScript's `JSON.parse` applies it: whitespace is space, tab,
;; carriage return and line feed (a line feed ends the line here, so it never counts); strings
;; hold no byte below 0x20 and only the escapes \" \\ \/ \b \f \n \r \t \uXXXX; numbers are
;; -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; the literals are true, false and null. Bytes of
;; 0x80 and above are accepted inside strings only: the JavaScript side decodes UTF-8 with
;; replacement, which turns any of them into a character a JSON string may hold.
;;
;; Memory layout (offsets in bytes):
;;   0       i32 number of wanted keys (at most 16)
;;   4       i32 index of the message key among them, or -1
;;   8       i32 out: where the next line starts (relative to the input)
;;   12      i32 out: 1 when the last line needs more bytes than the input holds
;;   64      per key k: i32 offset of its bytes, i32 length              (16 * 8 bytes)
;;   256     the keys' bytes                                             (up to 768 bytes)
;;   1024    records, 400 of 160 bytes, one per line, as i32s:
;;             0 line start, 1 line end (its line feed, or the end of the input), 2 status,
;;             3 escape mask (bit k: key k's value is a string holding a backslash; bit 16: the
;;             same for the message's `id`), 4-5 the message's `id` value range, 6+2k and 7+2k
;;             key k's value range
;;           (ranges relative to the input, start -1 when absent)
;;   65024   escape table, 256 bytes (1 for a one-byte escape, 2 for u)
;;   65280   hexadecimal digit table, 256 bytes
;;   65536   stack of expected closers, one byte per nesting level       (64 KiB)
;;   131072  input, followed by at least 16 readable spare bytes
;;
;; index(pos, filled, eof) reads the lines from input offset `pos` up to `filled` and returns how
;; many records it wrote. Line statuses: 0 an object, 1 not one (garbage, a cut line, other JSON),
;; 3 blank, 4 the JavaScript side must decide (a top-level key written with escapes, or nesting
;; deeper than the stack). A line without a line feed before `filled` is recorded only when `eof`
;; is set; otherwise the call stops there and sets the need-more flag.
(module
  (memory (export "memory") 3)

  (global $KEY_COUNT_AT i32 (i32.const 0))
  (global $MESSAGE_KEY_AT i32 (i32.const 4))
  (global $NEXT_AT i32 (i32.const 8))
  (global $NEED_MORE_AT i32 (i32.const 12))
  (global $RECORDS i32 (i32.const 1024))
  (global $RECORD_BYTES i32 (i32.const 160))
  (global $RECORD_CAPACITY i32 (i32.const 400))
  (global $ESCAPES i32 (i32.const 65024))
  (global $HEX i32 (i32.const 65280))
  (global $STACK i32 (i32.const 65536))
  (global $STACK_SIZE i32 (i32.const 65536))
  (global $INPUT i32 (i32.const 131072))

  ;; Line statuses, and the internal one for a line the input does not hold whole.
  (global $OK i32 (i32.const 0))
  (global $INVALID i32 (i32.const 1))
  (global $BLANK i32 (i32.const 3))
  (global $NEEDS_JS i32 (i32.const 4))
  (global $NEED_MORE i32 (i32.const 5))

  ;; Returned by the token readers instead of a position.
  (global $FAIL i32 (i32.const -1))

  ;; Where the line just read ends (its line feed, or the end of the input).
  (global $line_end (mut i32) (i32.const 0))
  ;; 1 when the last string read held a backslash (so it needs decoding), else 0.
  (global $escaped (mut i32) (i32.const 0))

  ;; Escapes: " / \ b f n r t (1) and u (2).
  (data (i32.const 65058) "\01")
  (data (i32.const 65071) "\01")
  (data (i32.const 65116) "\01")
  (data (i32.const 65122) "\01")
  (data (i32.const 65126) "\01")
  (data (i32.const 65134) "\01")
  (data (i32.const 65138) "\01")
  (data (i32.const 65140) "\01\02")
  ;; Hexadecimal digits: 0-9, A-F, a-f.
  (data (i32.const 65328) "\01\01\01\01\01\01\01\01\01\01")
  (data (i32.const 65345) "\01\01\01\01\01\01")
  (data (i32.const 65377) "\01\01\01\01\01\01")

  ;; Skips spaces, tabs and carriage returns (a line feed ends the line, so it is not skipped).
  (func $skip_whitespace (param $i i32) (param $end i32) (result i32)
    (local $c i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $c (i32.load8_u (local.get $i)))
        (br_if $done
          (i32.eqz
            (i32.or
              (i32.or (i32.eq (local.get $c) (i32.const 0x20)) (i32.eq (local.get $c) (i32.const 0x09)))
              (i32.eq (local.get $c) (i32.const 0x0d)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $i))

  ;; The first line feed at or after `i` before `end`, or -1. Sixteen bytes at a time.
  (func $find_line_feed (param $i i32) (param $end i32) (result i32)
    (local $mask i32) (local $p i32)
    (loop $next
      (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const -1))))
      (local.set $mask
        (i8x16.bitmask (i8x16.eq (v128.load (local.get $i)) (i8x16.splat (i32.const 0x0a)))))
      (if (local.get $mask)
        (then
          (local.set $p (i32.add (local.get $i) (i32.ctz (local.get $mask))))
          (return (select (local.get $p) (i32.const -1) (i32.lt_u (local.get $p) (local.get $end))))))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br $next))
    (unreachable))

  ;; At a quote: the position after the closing quote, or FAIL (a byte below 0x20, a bad escape,
  ;; or the end of the input first). Sixteen bytes at a time: each quote, backslash and control
  ;; byte of a block is taken in turn from its bit mask, and a two-byte escape only clears the bit
  ;; of the byte it escapes, so a string full of escapes is still read a block at a time.
  (func $string (param $i i32) (param $end i32) (result i32)
    (local $j i32) (local $mask i32) (local $bit i32) (local $p i32) (local $c i32) (local $chunk v128)
    (local $kind i32)
    (local.set $j (i32.add (local.get $i) (i32.const 1)))
    (global.set $escaped (i32.const 0))
    (loop $block
      (if (i32.ge_u (local.get $j) (local.get $end)) (then (return (global.get $FAIL))))
      (local.set $chunk (v128.load (local.get $j)))
      (local.set $mask
        (i8x16.bitmask
          (v128.or
            (v128.or
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x22)))
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x5c))))
            (i8x16.lt_u (local.get $chunk) (i8x16.splat (i32.const 0x20))))))
      (loop $bits
        (if (i32.eqz (local.get $mask))
          (then
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $block)))
        (local.set $bit (i32.ctz (local.get $mask)))
        (local.set $p (i32.add (local.get $j) (local.get $bit)))
        (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (global.get $FAIL))))
        (local.set $c (i32.load8_u (local.get $p)))
        (if (i32.eq (local.get $c) (i32.const 0x22)) (then (return (i32.add (local.get $p) (i32.const 1)))))
        ;; A control byte is never allowed in a string.
        (if (i32.ne (local.get $c) (i32.const 0x5c)) (then (return (global.get $FAIL))))
        ;; A backslash: the escape must be whole before the end.
        (global.set $escaped (i32.const 1))
        (if (i32.ge_u (i32.add (local.get $p) (i32.const 1)) (local.get $end)) (then (return (global.get $FAIL))))
        (local.set $kind
          (i32.load8_u (i32.add (global.get $ESCAPES) (i32.load8_u (i32.add (local.get $p) (i32.const 1))))))
        (if (i32.eqz (local.get $kind)) (then (return (global.get $FAIL))))
        (if (i32.eq (local.get $kind) (i32.const 1))
          (then
            ;; The escaped byte is the next one: drop both bits and go on in this block, or start
            ;; the next block after them.
            (if (i32.ge_u (local.get $bit) (i32.const 14))
              (then
                (local.set $j (i32.add (local.get $p) (i32.const 2)))
                (br $block)))
            (local.set $mask
              (i32.and (local.get $mask) (i32.shl (i32.const -1) (i32.add (local.get $bit) (i32.const 2)))))
            (br $bits)))
        ;; \uXXXX
        (if (i32.gt_u (i32.add (local.get $p) (i32.const 6)) (local.get $end)) (then (return (global.get $FAIL))))
        (if (i32.eqz
              (i32.and
                (i32.and
                  (i32.load8_u (i32.add (global.get $HEX) (i32.load8_u (i32.add (local.get $p) (i32.const 2)))))
                  (i32.load8_u (i32.add (global.get $HEX) (i32.load8_u (i32.add (local.get $p) (i32.const 3))))))
                (i32.and
                  (i32.load8_u (i32.add (global.get $HEX) (i32.load8_u (i32.add (local.get $p) (i32.const 4)))))
                  (i32.load8_u (i32.add (global.get $HEX) (i32.load8_u (i32.add (local.get $p) (i32.const 5))))))))
          (then (return (global.get $FAIL))))
        (local.set $j (i32.add (local.get $p) (i32.const 6)))
        (br $block)))
    (unreachable))

  ;; Decimal digits from `i`: the position after the last one.
  (func $digits (param $i i32) (param $end i32) (result i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (br_if $done (i32.gt_u (i32.sub (i32.load8_u (local.get $i)) (i32.const 0x30)) (i32.const 9)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $i))

  ;; At '-' or a digit: the position after the number, or FAIL.
  (func $number (param $i i32) (param $end i32) (result i32)
    (local $c i32) (local $from i32)
    (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x2d))
      (then (local.set $i (i32.add (local.get $i) (i32.const 1)))))
    (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (global.get $FAIL))))
    (local.set $c (i32.load8_u (local.get $i)))
    (if (i32.eq (local.get $c) (i32.const 0x30))
      (then (local.set $i (i32.add (local.get $i) (i32.const 1))))
      (else
        (if (i32.gt_u (i32.sub (local.get $c) (i32.const 0x31)) (i32.const 8)) (then (return (global.get $FAIL))))
        (local.set $i (call $digits (i32.add (local.get $i) (i32.const 1)) (local.get $end)))))
    (if (i32.and
          (i32.lt_u (local.get $i) (local.get $end))
          (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x2e)))
      (then
        (local.set $from (i32.add (local.get $i) (i32.const 1)))
        (local.set $i (call $digits (local.get $from) (local.get $end)))
        (if (i32.eq (local.get $i) (local.get $from)) (then (return (global.get $FAIL))))))
    (if (i32.and
          (i32.lt_u (local.get $i) (local.get $end))
          (i32.eq (i32.or (i32.load8_u (local.get $i)) (i32.const 0x20)) (i32.const 0x65)))
      (then
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (i32.lt_u (local.get $i) (local.get $end))
          (then
            (local.set $c (i32.load8_u (local.get $i)))
            (if (i32.or (i32.eq (local.get $c) (i32.const 0x2b)) (i32.eq (local.get $c) (i32.const 0x2d)))
              (then (local.set $i (i32.add (local.get $i) (i32.const 1)))))))
        (local.set $from (local.get $i))
        (local.set $i (call $digits (local.get $from) (local.get $end)))
        (if (i32.eq (local.get $i) (local.get $from)) (then (return (global.get $FAIL))))))
    (local.get $i))

  ;; At 't', 'f' or 'n': the position after `true`, `false` or `null`, or FAIL.
  (func $literal (param $i i32) (param $end i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $i)))
    (if (i32.eq (local.get $c) (i32.const 0x66))
      (then
        (if (i32.and
              (i32.le_u (i32.add (local.get $i) (i32.const 5)) (local.get $end))
              (i32.and
                (i32.eq (i32.load (local.get $i)) (i32.const 0x736c6166))
                (i32.eq (i32.load8_u (i32.add (local.get $i) (i32.const 4))) (i32.const 0x65))))
          (then (return (i32.add (local.get $i) (i32.const 5)))))
        (return (global.get $FAIL))))
    (if (i32.and
          (i32.le_u (i32.add (local.get $i) (i32.const 4)) (local.get $end))
          (i32.or
            (i32.and (i32.eq (local.get $c) (i32.const 0x74)) (i32.eq (i32.load (local.get $i)) (i32.const 0x65757274)))
            (i32.and (i32.eq (local.get $c) (i32.const 0x6e)) (i32.eq (i32.load (local.get $i)) (i32.const 0x6c6c756e)))))
      (then (return (i32.add (local.get $i) (i32.const 4)))))
    (global.get $FAIL))

  ;; The index of the wanted key spelled by the bytes [start, end), -1 when none, or -2 when the
  ;; key holds a backslash (an escape might spell a wanted key).
  (func $match (param $start i32) (param $end i32) (result i32)
    (local $k i32) (local $count i32) (local $length i32) (local $key i32) (local $j i32)
    (local.set $length (i32.sub (local.get $end) (local.get $start)))
    (local.set $count (i32.load (global.get $KEY_COUNT_AT)))
    (block $no_match
      (loop $keys
        (br_if $no_match (i32.ge_u (local.get $k) (local.get $count)))
        (block $differs
          (br_if $differs
            (i32.ne (i32.load (i32.add (i32.const 68) (i32.shl (local.get $k) (i32.const 3)))) (local.get $length)))
          (local.set $key (i32.load (i32.add (i32.const 64) (i32.shl (local.get $k) (i32.const 3)))))
          (local.set $j (i32.const 0))
          (block $equal
            (loop $bytes
              (br_if $equal (i32.ge_u (local.get $j) (local.get $length)))
              (br_if $differs
                (i32.ne
                  (i32.load8_u (i32.add (local.get $key) (local.get $j)))
                  (i32.load8_u (i32.add (local.get $start) (local.get $j)))))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br $bytes)))
          (return (local.get $k)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $keys)))
    (local.set $j (local.get $start))
    (block $clean
      (loop $bytes
        (br_if $clean (i32.ge_u (local.get $j) (local.get $end)))
        (if (i32.eq (i32.load8_u (local.get $j)) (i32.const 0x5c)) (then (return (i32.const -2))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $bytes)))
    (i32.const -1))

  ;; Records [start, end) (absolute addresses) at record slot `slot` of the record at `rec`.
  (func $record_range (param $rec i32) (param $slot i32) (param $start i32) (param $end i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $rec) (i32.shl (local.get $slot) (i32.const 2))))
    (i32.store (local.get $at) (i32.sub (local.get $start) (global.get $INPUT)))
    (i32.store (i32.add (local.get $at) (i32.const 4)) (i32.sub (local.get $end) (global.get $INPUT))))

  ;; Sets bit `bit` of the record's escape mask (slot 3) to $escaped: whether the string value
  ;; just recorded holds a backslash.
  (func $record_escape (param $rec i32) (param $bit i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $rec) (i32.const 12)))
    (i32.store (local.get $at)
      (i32.or
        (i32.and (i32.load (local.get $at)) (i32.xor (i32.shl (i32.const 1) (local.get $bit)) (i32.const -1)))
        (i32.shl (global.get $escaped) (local.get $bit)))))

  ;; After a failure at `at`: ends the line at its line feed with `status`, or reports that the
  ;; input does not hold the rest of it.
  (func $finish_bad (param $at i32) (param $end i32) (param $eof i32) (param $status i32) (result i32)
    (local $feed i32)
    (local.set $feed (call $find_line_feed (local.get $at) (local.get $end)))
    (if (i32.ge_s (local.get $feed) (i32.const 0))
      (then
        (global.set $line_end (local.get $feed))
        (return (local.get $status))))
    (if (i32.eqz (local.get $eof)) (then (return (global.get $NEED_MORE))))
    (global.set $line_end (local.get $end))
    (local.get $status))

  ;; Reads the line starting at `start` (absolute) and fills the record at `rec`. Returns its
  ;; status (or NEED_MORE) and sets $line_end.
  (func $line (param $start i32) (param $end i32) (param $rec i32) (param $eof i32) (result i32)
    (local $i i32) (local $c i32) (local $k i32) (local $count i32) (local $depth i32) (local $state i32)
    (local $token i32) (local $key i32) (local $value_start i32) (local $message_key i32)
    (local $in_message i32) (local $id_pending i32) (local $id_start i32)
    ;; States: 0 after '{' (a key or '}'), 1 after ',' in an object (a key), 2 a value,
    ;; 3 after '[' (a value or ']'), 4 after a value (',' or the closer).
    (local.set $count (i32.load (global.get $KEY_COUNT_AT)))
    (local.set $message_key (i32.load (global.get $MESSAGE_KEY_AT)))
    (i32.store (i32.add (local.get $rec) (i32.const 16)) (i32.const -1))
    (i32.store (i32.add (local.get $rec) (i32.const 12)) (i32.const 0))
    (block $cleared
      (loop $clear
        (br_if $cleared (i32.ge_u (local.get $k) (local.get $count)))
        (i32.store
          (i32.add (local.get $rec) (i32.add (i32.const 24) (i32.shl (local.get $k) (i32.const 3))))
          (i32.const -1))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $clear)))
    (local.set $key (i32.const -1))
    (local.set $i (call $skip_whitespace (local.get $start) (local.get $end)))
    (if (i32.ge_u (local.get $i) (local.get $end))
      (then
        (if (i32.eqz (local.get $eof)) (then (return (global.get $NEED_MORE))))
        (global.set $line_end (local.get $end))
        (return (global.get $BLANK))))
    (local.set $c (i32.load8_u (local.get $i)))
    (if (i32.eq (local.get $c) (i32.const 0x0a))
      (then
        (global.set $line_end (local.get $i))
        (return (global.get $BLANK))))
    (if (i32.ne (local.get $c) (i32.const 0x7b))
      (then (return (call $finish_bad (local.get $i) (local.get $end) (local.get $eof) (global.get $INVALID)))))
    (i32.store8 (global.get $STACK) (i32.const 0x7d))
    (local.set $depth (i32.const 1))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (block $object_done
      (block $fail
        (block $needs_js
          (loop $tokens
            (local.set $i (call $skip_whitespace (local.get $i) (local.get $end)))
            (local.set $token (local.get $i))
            (br_if $fail (i32.ge_u (local.get $i) (local.get $end)))
            (local.set $c (i32.load8_u (local.get $i)))
            (block $value_done
              (block $close
                ;; A key (states 0 and 1), then ':'.
                (if (i32.le_u (local.get $state) (i32.const 1))
                  (then
                    (br_if $close (i32.and (i32.eqz (local.get $state)) (i32.eq (local.get $c) (i32.const 0x7d))))
                    (br_if $fail (i32.ne (local.get $c) (i32.const 0x22)))
                    (local.set $i (call $string (local.get $i) (local.get $end)))
                    (br_if $fail (i32.lt_s (local.get $i) (i32.const 0)))
                    (if (i32.eq (local.get $depth) (i32.const 1))
                      (then
                        (local.set $key
                          (call $match
                            (i32.add (local.get $token) (i32.const 1))
                            (i32.sub (local.get $i) (i32.const 1))))
                        (br_if $needs_js (i32.eq (local.get $key) (i32.const -2)))))
                    (if (i32.and (i32.eq (local.get $depth) (i32.const 2)) (local.get $in_message))
                      (then
                        (local.set $id_pending
                          (i32.and
                            (i32.eq (i32.sub (local.get $i) (local.get $token)) (i32.const 4))
                            (i32.eq (i32.load16_u (i32.add (local.get $token) (i32.const 1))) (i32.const 0x6469))))))
                    (local.set $i (call $skip_whitespace (local.get $i) (local.get $end)))
                    (br_if $fail (i32.ge_u (local.get $i) (local.get $end)))
                    (br_if $fail (i32.ne (i32.load8_u (local.get $i)) (i32.const 0x3a)))
                    (local.set $i (i32.add (local.get $i) (i32.const 1)))
                    (local.set $state (i32.const 2))
                    (br $tokens)))
                ;; A value (states 2 and 3).
                (if (i32.le_u (local.get $state) (i32.const 3))
                  (then
                    (br_if $close (i32.and (i32.eq (local.get $state) (i32.const 3)) (i32.eq (local.get $c) (i32.const 0x5d))))
                    (if (i32.eq (local.get $c) (i32.const 0x22))
                      (then
                        (local.set $i (call $string (local.get $i) (local.get $end)))
                        (br_if $fail (i32.lt_s (local.get $i) (i32.const 0)))
                        (br $value_done)))
                    (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
                      (then
                        (br_if $needs_js (i32.ge_u (local.get $depth) (global.get $STACK_SIZE)))
                        (if (i32.eq (local.get $depth) (i32.const 1))
                          (then
                            (local.set $value_start (local.get $i))
                            (if (i32.and
                                  (i32.ge_s (local.get $key) (i32.const 0))
                                  (i32.eq (local.get $key) (local.get $message_key)))
                              (then
                                (local.set $in_message (i32.eq (local.get $c) (i32.const 0x7b)))
                                (i32.store (i32.add (local.get $rec) (i32.const 16)) (i32.const -1))))))
                        (if (i32.and (i32.eq (local.get $depth) (i32.const 2)) (local.get $id_pending))
                          (then (local.set $id_start (local.get $i))))
                        (i32.store8
                          (i32.add (global.get $STACK) (local.get $depth))
                          (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $c) (i32.const 0x7b))))
                        (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
                        (local.set $i (i32.add (local.get $i) (i32.const 1)))
                        (local.set $state (select (i32.const 0) (i32.const 3) (i32.eq (local.get $c) (i32.const 0x7b))))
                        (br $tokens)))
                    (if (i32.or (i32.eq (local.get $c) (i32.const 0x2d)) (i32.le_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 9)))
                      (then
                        (local.set $i (call $number (local.get $i) (local.get $end)))
                        (br_if $fail (i32.lt_s (local.get $i) (i32.const 0)))
                        (br $value_done)))
                    (local.set $i (call $literal (local.get $i) (local.get $end)))
                    (br_if $fail (i32.lt_s (local.get $i) (i32.const 0)))
                    (br $value_done)))
                ;; After a value (state 4): ',' or the closer.
                (if (i32.eq (local.get $c) (i32.const 0x2c))
                  (then
                    (local.set $i (i32.add (local.get $i) (i32.const 1)))
                    (local.set $state
                      (select (i32.const 1) (i32.const 2)
                        (i32.eq
                          (i32.load8_u (i32.add (global.get $STACK) (i32.sub (local.get $depth) (i32.const 1))))
                          (i32.const 0x7d))))
                    (br $tokens)))
                (br_if $fail
                  (i32.ne
                    (i32.load8_u (i32.add (global.get $STACK) (i32.sub (local.get $depth) (i32.const 1))))
                    (local.get $c)))
                (br $close))
              ;; $close: `c` at `i` closes the innermost container (its kind was checked above,
              ;; or is implied by the state).
              (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br_if $object_done (i32.eqz (local.get $depth)))
              (if (i32.eq (local.get $depth) (i32.const 1))
                (then
                  (if (i32.ge_s (local.get $key) (i32.const 0))
                    (then
                      (call $record_range (local.get $rec)
                        (i32.add (i32.const 6) (i32.shl (local.get $key) (i32.const 1)))
                        (local.get $value_start) (local.get $i))))
                  (local.set $in_message (i32.const 0))))
              (if (i32.and (i32.eq (local.get $depth) (i32.const 2)) (local.get $id_pending))
                (then
                  (call $record_range (local.get $rec) (i32.const 4) (local.get $id_start) (local.get $i))
                  (local.set $id_pending (i32.const 0))))
              (local.set $state (i32.const 4))
              (br $tokens))
            ;; $value_done: a string or scalar value [token, i) ended. ($escaped is stale after a
            ;; scalar, but only a string's escape bit is read.)
            (if (i32.and (i32.eq (local.get $depth) (i32.const 1)) (i32.ge_s (local.get $key) (i32.const 0)))
              (then
                (call $record_range (local.get $rec)
                  (i32.add (i32.const 6) (i32.shl (local.get $key) (i32.const 1)))
                  (local.get $token) (local.get $i))
                (call $record_escape (local.get $rec) (local.get $key))))
            (if (i32.and (i32.eq (local.get $depth) (i32.const 2)) (local.get $id_pending))
              (then
                (call $record_range (local.get $rec) (i32.const 4) (local.get $token) (local.get $i))
                (call $record_escape (local.get $rec) (i32.const 16))
                (local.set $id_pending (i32.const 0))))
            (local.set $state (i32.const 4))
            (br $tokens)))
        ;; $needs_js
        (return (call $finish_bad (local.get $token) (local.get $end) (local.get $eof) (global.get $NEEDS_JS))))
      ;; $fail
      (return (call $finish_bad (local.get $token) (local.get $end) (local.get $eof) (global.get $INVALID))))
    ;; $object_done: only whitespace may follow, up to the line feed.
    (local.set $i (call $skip_whitespace (local.get $i) (local.get $end)))
    (if (i32.ge_u (local.get $i) (local.get $end))
      (then
        (if (i32.eqz (local.get $eof)) (then (return (global.get $NEED_MORE))))
        (global.set $line_end (local.get $end))
        (return (global.get $OK))))
    (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x0a))
      (then
        (global.set $line_end (local.get $i))
        (return (global.get $OK))))
    (call $finish_bad (local.get $i) (local.get $end) (local.get $eof) (global.get $INVALID)))

  (func (export "index") (param $pos i32) (param $filled i32) (param $eof i32) (result i32)
    (local $n i32) (local $start i32) (local $end i32) (local $rec i32) (local $status i32)
    (local.set $start (i32.add (global.get $INPUT) (local.get $pos)))
    (local.set $end (i32.add (global.get $INPUT) (local.get $filled)))
    (i32.store (global.get $NEED_MORE_AT) (i32.const 0))
    (block $stop
      (loop $lines
        (br_if $stop (i32.ge_u (local.get $n) (global.get $RECORD_CAPACITY)))
        (br_if $stop (i32.ge_u (local.get $start) (local.get $end)))
        (local.set $rec (i32.add (global.get $RECORDS) (i32.mul (local.get $n) (global.get $RECORD_BYTES))))
        (local.set $status (call $line (local.get $start) (local.get $end) (local.get $rec) (local.get $eof)))
        (if (i32.eq (local.get $status) (global.get $NEED_MORE))
          (then
            (i32.store (global.get $NEED_MORE_AT) (i32.const 1))
            (br $stop)))
        (i32.store (local.get $rec) (i32.sub (local.get $start) (global.get $INPUT)))
        (i32.store (i32.add (local.get $rec) (i32.const 4)) (i32.sub (global.get $line_end) (global.get $INPUT)))
        (i32.store (i32.add (local.get $rec) (i32.const 8)) (local.get $status))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (local.set $start (i32.add (global.get $line_end) (i32.const 1)))
        (br $lines)))
    (i32.store (global.get $NEXT_AT)
      (i32.sub
        (select (local.get $end) (local.get $start) (i32.gt_u (local.get $start) (local.get $end)))
        (global.get $INPUT)))
    (local.get $n))
)
