;; The top-level field scanner of session-jsonl, in WebAssembly (see ../json-scan.ts for the
;; contract, and ../json-scan-wasm.ts for the JavaScript side). Same rules as the JavaScript
;; scanner, byte for byte: the structure of one JSON object line is checked (balanced brackets,
;; terminated strings, legal bytes outside strings, top-level keys and commas) and the value
;; ranges of the wanted top-level keys are recorded. String contents and nested scalars are not
;; checked. Strings are skipped sixteen bytes at a time with SIMD compares.
;;
;; Memory layout (offsets in bytes):
;;   0       i32 number of wanted keys (at most 64)
;;   8       per key k: i32 offset of its bytes, i32 length            (8 * 64 bytes)
;;   1024    the keys' bytes                                          (up to 3 KiB)
;;   4096    results, per key k: i32 value start, i32 value end        (-1 start = absent)
;;   4608    per mention slot (0, 1), an i32 of the keys the last pass into it found, as bits
;;   5120    whitespace table, 256 bytes (1 = JSON whitespace)
;;   5376    scalar table, 256 bytes (bytes of numbers and literals, and whitespace)
;;   5632    nested table, 256 bytes (scalar bytes plus ',' and ':')
;;   6144    mention dispatch, per byte value an i32 mask of the wanted keys whose first byte
;;           it is (1 KiB), then at 7168 the same for the byte after it (the closing quote for a
;;           one-byte key)
;;   8192    per byte value, an i32 mask of the keys whose first byte it is (the closing quote
;;           for an empty key), when there are at most 32 keys (`index_keys`)
;;   9216    mentions found, two slots of 3520: per mention i32 position, i32 key index
;;   65536   stack of expected closers, one byte per nesting level     (64 KiB)
;;   131072  input: the line being scanned starts at 131072 + `at`, followed by at least 16
;;           spare bytes
;;
;; index_keys() builds the first-byte table after the key table is written; `scan` then compares
;; a key only with the wanted keys that start with its first byte.
;;
;; mentions(at, length, wanted, slot) lists where the keys whose bits are set in `wanted` (key
;; indices below 32, keys at least one byte long) appear between quotes, `"key"`, anywhere in the
;; `length` bytes at 131072 + `at`: at top level, nested, or inside a string. A top-level key can
;; only be missing from that list when it is spelled with an escape, so it returns -2 on the
;; first escape that may spell a letter (`\u0040` to `\u007f`), and -1 when more mentions are found
;; than the slot holds; else the number of mentions, in ascending position (relative to the
;; first byte), written to mention slot `slot` (0 or 1), and the keys found, as bits (key `k` is
;; bit `k`), to that slot's i32 at 4608.
;;
;; scan(at, length) scans the `length` bytes at 131072 + `at`; value ranges are recorded relative
;; to the line's first byte. It returns 0 ok, 1 malformed, 2 truncated, 3 blank, or 4 when the JavaScript scanner
;; must decide (a top-level key written with escapes, or nesting deeper than the stack).
(module
  (memory (export "memory") 3)

  (global $RESULTS i32 (i32.const 4096))
  (global $WS i32 (i32.const 5120))
  (global $SCALAR i32 (i32.const 5376))
  (global $NESTED i32 (i32.const 5632))
  (global $STACK i32 (i32.const 65536))
  (global $STACK_SIZE i32 (i32.const 65536))
  (global $INPUT i32 (i32.const 131072))
  (global $FIRST_BYTE_KEYS i32 (i32.const 6144))
  (global $SECOND_BYTE_KEYS i32 (i32.const 7168))
  (global $KEYS_BY_FIRST_BYTE i32 (i32.const 8192))
  (global $MENTIONS i32 (i32.const 9216))
  (global $MENTION_SLOT_BYTES i32 (i32.const 28160))
  (global $MENTION_CAPACITY i32 (i32.const 3520))
  (global $KEYS_MENTIONED i32 (i32.const 4608))
  ;; Whether `index_keys` built the first-byte table (at most 32 keys).
  (global $keys_indexed (mut i32) (i32.const 0))
  ;; Where the running mentions pass writes.
  (global $mention_out (mut i32) (i32.const 0))
  ;; The keys the running mentions pass found so far, as bits.
  (global $mentioned (mut i32) (i32.const 0))

  ;; Sentinels returned by the skip functions (valid positions are never negative).
  (global $TRUNCATED i32 (i32.const -1))
  (global $MALFORMED i32 (i32.const -2))
  (global $NEEDS_JS i32 (i32.const -3))

  ;; Whitespace: space, tab, newline, carriage return.
  (data (i32.const 5129) "\01\01")
  (data (i32.const 5133) "\01")
  (data (i32.const 5152) "\01")
  ;; Scalar bytes: whitespace, '+', '-', '.', digits, 'E', 'a', 'e', 'f', 'l', 'n', 'r', 's', 't', 'u'.
  (data (i32.const 5385) "\01\01")
  (data (i32.const 5389) "\01")
  (data (i32.const 5408) "\01")
  (data (i32.const 5419) "\01")
  (data (i32.const 5421) "\01\01")
  (data (i32.const 5424) "\01\01\01\01\01\01\01\01\01\01")
  (data (i32.const 5445) "\01")
  (data (i32.const 5473) "\01")
  (data (i32.const 5477) "\01\01")
  (data (i32.const 5484) "\01")
  (data (i32.const 5486) "\01")
  (data (i32.const 5490) "\01\01\01\01")
  ;; Nested bytes: the scalar bytes plus ',' and ':'.
  (data (i32.const 5641) "\01\01")
  (data (i32.const 5645) "\01")
  (data (i32.const 5664) "\01")
  (data (i32.const 5675) "\01\01\01\01")
  (data (i32.const 5680) "\01\01\01\01\01\01\01\01\01\01\01")
  (data (i32.const 5701) "\01")
  (data (i32.const 5729) "\01")
  (data (i32.const 5733) "\01\01")
  (data (i32.const 5740) "\01")
  (data (i32.const 5742) "\01")
  (data (i32.const 5746) "\01\01\01\01")

  (func $skip_whitespace (param $i i32) (param $end i32) (result i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (br_if $done (i32.eqz (i32.load8_u (i32.add (global.get $WS) (i32.load8_u (local.get $i))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $i))

  ;; At a quote: the position after the closing quote, or TRUNCATED.
  (func $skip_string (param $i i32) (param $end i32) (result i32)
    (local $j i32) (local $mask i32) (local $c i32) (local $p i32) (local $chunk v128)
    (local.set $j (i32.add (local.get $i) (i32.const 1)))
    (loop $next
      (if (i32.ge_u (local.get $j) (local.get $end)) (then (return (global.get $TRUNCATED))))
      (if (i32.le_u (i32.add (local.get $j) (i32.const 16)) (local.get $end))
        (then
          (local.set $chunk (v128.load (local.get $j)))
          (local.set $mask
            (i8x16.bitmask
              (v128.or
                (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x22)))
                (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x5c))))))
          ;; Every quote and backslash of the block in turn: a backslash takes the byte after it
          ;; out of the mask (or, at the block's end, out of the next block), so a string full of
          ;; escapes is still read a block at a time.
          (block $in_block_done
            (loop $in_block
              (br_if $in_block_done (i32.eqz (local.get $mask)))
              (local.set $p (i32.ctz (local.get $mask)))
              (if (i32.eq (i32.load8_u (i32.add (local.get $j) (local.get $p))) (i32.const 0x22))
                (then (return (i32.add (i32.add (local.get $j) (local.get $p)) (i32.const 1)))))
              (if (i32.eq (local.get $p) (i32.const 15))
                (then
                  (local.set $j (i32.add (local.get $j) (i32.const 17)))
                  (br $next)))
              (local.set $mask
                (i32.and (local.get $mask) (i32.xor (i32.shl (i32.const 3) (local.get $p)) (i32.const -1))))
              (br $in_block)))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br $next))
        (else
          (local.set $c (i32.load8_u (local.get $j)))
          (if (i32.and (i32.ne (local.get $c) (i32.const 0x22)) (i32.ne (local.get $c) (i32.const 0x5c)))
            (then
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br $next)))))
      (if (i32.eq (i32.load8_u (local.get $j)) (i32.const 0x22))
        (then (return (i32.add (local.get $j) (i32.const 1)))))
      ;; A backslash: skip it and the byte it escapes.
      (local.set $j (i32.add (local.get $j) (i32.const 2)))
      (br $next))
    (unreachable))

  ;; At '{' or '[': the position after the matching closer, TRUNCATED, MALFORMED or NEEDS_JS.
  (func $skip_container (param $i i32) (param $end i32) (result i32)
    (local $depth i32) (local $c i32)
    (i32.store8 (global.get $STACK)
      (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x7b))))
    (local.set $depth (i32.const 1))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (block $truncated
      (loop $next
        (br_if $truncated (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $c (i32.load8_u (local.get $i)))
        (if (i32.eq (local.get $c) (i32.const 0x22))
          (then
            (local.set $i (call $skip_string (local.get $i) (local.get $end)))
            (if (i32.lt_s (local.get $i) (i32.const 0)) (then (return (local.get $i))))
            (br $next)))
        (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
          (then
            (if (i32.eq (local.get $depth) (global.get $STACK_SIZE)) (then (return (global.get $NEEDS_JS))))
            (i32.store8 (i32.add (global.get $STACK) (local.get $depth))
              (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $c) (i32.const 0x7b))))
            (local.set $depth (i32.add (local.get $depth) (i32.const 1))))
          (else
            (if (i32.or (i32.eq (local.get $c) (i32.const 0x7d)) (i32.eq (local.get $c) (i32.const 0x5d)))
              (then
                (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                (if (i32.ne (i32.load8_u (i32.add (global.get $STACK) (local.get $depth))) (local.get $c))
                  (then (return (global.get $MALFORMED))))
                (if (i32.eqz (local.get $depth)) (then (return (i32.add (local.get $i) (i32.const 1))))))
              (else
                (if (i32.eqz (i32.load8_u (i32.add (global.get $NESTED) (local.get $c))))
                  (then (return (global.get $MALFORMED))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (global.get $TRUNCATED))

  (func $skip_scalar (param $i i32) (param $end i32) (result i32)
    (local $start i32) (local $c i32)
    (local.set $start (local.get $i))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $c (i32.load8_u (local.get $i)))
        (br_if $done (i32.eqz (i32.load8_u (i32.add (global.get $SCALAR) (local.get $c)))))
        (br_if $done (i32.load8_u (i32.add (global.get $WS) (local.get $c))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (if (i32.eq (local.get $i) (local.get $start)) (then (return (global.get $MALFORMED))))
    (local.get $i))

  (func $skip_value (param $i i32) (param $end i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $i)))
    (if (i32.eq (local.get $c) (i32.const 0x22))
      (then (return (call $skip_string (local.get $i) (local.get $end)))))
    (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
      (then (return (call $skip_container (local.get $i) (local.get $end)))))
    (call $skip_scalar (local.get $i) (local.get $end)))

  ;; The index of the wanted key spelled by the bytes [start, end), -1 when none, or NEEDS_JS
  ;; when the key holds a backslash (an escape might spell a wanted key).
  (func $match (param $start i32) (param $end i32) (result i32)
    (local $k i32) (local $count i32) (local $length i32) (local $key i32) (local $j i32)
    (local $candidates i32)
    (local.set $length (i32.sub (local.get $end) (local.get $start)))
    (if (global.get $keys_indexed)
      (then
        (local.set $candidates
          (i32.load (i32.add (global.get $KEYS_BY_FIRST_BYTE)
            (i32.shl (i32.load8_u (local.get $start)) (i32.const 2)))))
        (block $none
          (loop $next
            (br_if $none (i32.eqz (local.get $candidates)))
            (local.set $k (i32.ctz (local.get $candidates)))
            (local.set $candidates (i32.and (local.get $candidates) (i32.sub (local.get $candidates) (i32.const 1))))
            (block $differs
              (br_if $differs
                (i32.ne (i32.load (i32.add (i32.const 12) (i32.shl (local.get $k) (i32.const 3)))) (local.get $length)))
              (local.set $key (i32.load (i32.add (i32.const 8) (i32.shl (local.get $k) (i32.const 3)))))
              (local.set $j (i32.const 0))
              (loop $bytes
                (if (i32.lt_u (local.get $j) (local.get $length))
                  (then
                    (br_if $differs
                      (i32.ne
                        (i32.load8_u (i32.add (local.get $key) (local.get $j)))
                        (i32.load8_u (i32.add (local.get $start) (local.get $j)))))
                    (local.set $j (i32.add (local.get $j) (i32.const 1)))
                    (br $bytes))))
              (return (local.get $k)))
            (br $next))))
      ;; Without the table, every wanted key is compared in the loop below.
      (else (local.set $count (i32.load (i32.const 0)))))
    (block $no_match
      (loop $keys
        (br_if $no_match (i32.ge_u (local.get $k) (local.get $count)))
        (block $differs
          (br_if $differs
            (i32.ne (i32.load (i32.add (i32.const 12) (i32.shl (local.get $k) (i32.const 3)))) (local.get $length)))
          (local.set $key (i32.load (i32.add (i32.const 8) (i32.shl (local.get $k) (i32.const 3)))))
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
        (if (i32.eq (i32.load8_u (local.get $j)) (i32.const 0x5c)) (then (return (global.get $NEEDS_JS))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $bytes)))
    (i32.const -1))

  ;; Maps a skip sentinel to a scan status.
  (func $status_of (param $sentinel i32) (result i32)
    (if (i32.eq (local.get $sentinel) (global.get $MALFORMED)) (then (return (i32.const 1))))
    (if (i32.eq (local.get $sentinel) (global.get $NEEDS_JS)) (then (return (i32.const 4))))
    (i32.const 2))

  ;; Fills the mention dispatch tables for the keys in `wanted`.
  (func $plan_mentions (param $wanted i32)
    (local $i i32) (local $k i32) (local $count i32) (local $bit i32) (local $key i32) (local $length i32)
    (local $slot i32)
    (local.set $i (i32.const 0))
    (loop $clear
      (v128.store (i32.add (global.get $FIRST_BYTE_KEYS) (local.get $i)) (v128.const i64x2 0 0))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br_if $clear (i32.lt_u (local.get $i) (i32.const 2048))))
    (local.set $count (i32.load (i32.const 0)))
    (if (i32.gt_u (local.get $count) (i32.const 32)) (then (local.set $count (i32.const 32))))
    (block $done
      (loop $keys
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $bit (i32.shl (i32.const 1) (local.get $k)))
        (local.set $length (i32.load (i32.add (i32.const 12) (i32.shl (local.get $k) (i32.const 3)))))
        (if (i32.and (i32.ne (i32.and (local.get $wanted) (local.get $bit)) (i32.const 0))
                     (i32.ne (local.get $length) (i32.const 0)))
          (then
            (local.set $key (i32.load (i32.add (i32.const 8) (i32.shl (local.get $k) (i32.const 3)))))
            (local.set $slot
              (i32.add (global.get $FIRST_BYTE_KEYS) (i32.shl (i32.load8_u (local.get $key)) (i32.const 2))))
            (i32.store (local.get $slot) (i32.or (i32.load (local.get $slot)) (local.get $bit)))
            (local.set $slot
              (i32.add (global.get $SECOND_BYTE_KEYS)
                (i32.shl
                  (select
                    (i32.load8_u (i32.add (local.get $key) (i32.const 1)))
                    (i32.const 0x22)
                    (i32.gt_u (local.get $length) (i32.const 1)))
                  (i32.const 2))))
            (i32.store (local.get $slot) (i32.or (i32.load (local.get $slot)) (local.get $bit)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $keys))))


  ;; At a quote `p`: the index of the wanted key spelled between it and a closing quote before
  ;; `end`, else -1.
  (func $key_at (param $p i32) (param $end i32) (result i32)
    (local $candidates i32) (local $k i32) (local $key i32) (local $length i32) (local $j i32)
    (local.set $candidates
      (i32.and
        (i32.load (i32.add (global.get $FIRST_BYTE_KEYS)
          (i32.shl (i32.load8_u (i32.add (local.get $p) (i32.const 1))) (i32.const 2))))
        (i32.load (i32.add (global.get $SECOND_BYTE_KEYS)
          (i32.shl (i32.load8_u (i32.add (local.get $p) (i32.const 2))) (i32.const 2))))))
    (block $none
      (loop $next
        (br_if $none (i32.eqz (local.get $candidates)))
        (local.set $k (i32.ctz (local.get $candidates)))
        (local.set $candidates (i32.and (local.get $candidates) (i32.sub (local.get $candidates) (i32.const 1))))
        (local.set $length (i32.load (i32.add (i32.const 12) (i32.shl (local.get $k) (i32.const 3)))))
        (block $differs
          ;; The closing quote must lie inside the range.
          (br_if $differs
            (i32.ge_u (i32.add (i32.add (local.get $p) (i32.const 1)) (local.get $length)) (local.get $end)))
          (br_if $differs
            (i32.ne
              (i32.load8_u (i32.add (i32.add (local.get $p) (i32.const 1)) (local.get $length)))
              (i32.const 0x22)))
          (local.set $key (i32.load (i32.add (i32.const 8) (i32.shl (local.get $k) (i32.const 3)))))
          (local.set $j (i32.const 0))
          (loop $bytes
            (if (i32.lt_u (local.get $j) (local.get $length))
              (then
                (br_if $differs
                  (i32.ne
                    (i32.load8_u (i32.add (local.get $key) (local.get $j)))
                    (i32.load8_u (i32.add (i32.add (local.get $p) (i32.const 1)) (local.get $j)))))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (br $bytes))))
          (return (local.get $k)))
        (br $next)))
    (i32.const -1))

  ;; At a backslash `p`: whether `\u00` and a digit 4 to 7 follow before `end` (an escape that
  ;; may spell a letter of a key).
  (func $escapes_letter (param $p i32) (param $end i32) (result i32)
    (local $digit i32)
    (if (i32.ge_u (i32.add (local.get $p) (i32.const 4)) (local.get $end)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load8_u (i32.add (local.get $p) (i32.const 1))) (i32.const 0x75)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load8_u (i32.add (local.get $p) (i32.const 2))) (i32.const 0x30)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load8_u (i32.add (local.get $p) (i32.const 3))) (i32.const 0x30)) (then (return (i32.const 0))))
    (local.set $digit (i32.load8_u (i32.add (local.get $p) (i32.const 4))))
    (i32.and (i32.ge_u (local.get $digit) (i32.const 0x34)) (i32.le_u (local.get $digit) (i32.const 0x37))))

  ;; One quote or backslash at `p` of a mentions pass: the new mention count, -1 when the table
  ;; is full, -2 at an escape that may spell a letter.
  (func $mention_at (param $p i32) (param $base i32) (param $end i32) (param $count i32) (result i32)
    (local $k i32) (local $slot i32)
    (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x5c))
      (then
        (if (call $escapes_letter (local.get $p) (local.get $end)) (then (return (i32.const -2))))
        (return (local.get $count))))
    (local.set $k (call $key_at (local.get $p) (local.get $end)))
    (if (i32.lt_s (local.get $k) (i32.const 0)) (then (return (local.get $count))))
    (if (i32.ge_u (local.get $count) (global.get $MENTION_CAPACITY)) (then (return (i32.const -1))))
    (local.set $slot (i32.add (global.get $mention_out) (i32.shl (local.get $count) (i32.const 3))))
    (i32.store (local.get $slot) (i32.sub (local.get $p) (local.get $base)))
    (i32.store (i32.add (local.get $slot) (i32.const 4)) (local.get $k))
    (global.set $mentioned (i32.or (global.get $mentioned) (i32.shl (i32.const 1) (local.get $k))))
    (i32.add (local.get $count) (i32.const 1)))

  ;; Quotes and backslashes are found sixteen bytes at a time; a quote is looked at further only
  ;; when the dispatch tables say the two bytes after it may start a wanted key, a backslash only
  ;; when a `u` follows it.
  (func (export "mentions") (param $at i32) (param $length i32) (param $wanted i32) (param $slot i32) (result i32)
    (local $base i32) (local $end i32) (local $i i32) (local $mask i32) (local $count i32) (local $c i32)
    (local $p i32) (local $candidates i32) (local $chunk v128)
    (call $plan_mentions (local.get $wanted))
    (global.set $mentioned (i32.const 0))
    (global.set $mention_out
      (i32.add (global.get $MENTIONS) (i32.mul (i32.and (local.get $slot) (i32.const 1)) (global.get $MENTION_SLOT_BYTES))))
    (local.set $base (i32.add (global.get $INPUT) (local.get $at)))
    (local.set $end (i32.add (local.get $base) (local.get $length)))
    (local.set $i (local.get $base))
    (block $blocks_done
      (loop $block
        (br_if $blocks_done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
        (local.set $chunk (v128.load (local.get $i)))
        (local.set $mask
          (i8x16.bitmask
            (v128.or
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x22)))
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x5c))))))
        (block $bits_done
          (loop $bits
            (br_if $bits_done (i32.eqz (local.get $mask)))
            (local.set $p (i32.add (local.get $i) (i32.ctz (local.get $mask))))
            (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
            (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x22))
              (then
                (local.set $candidates
                  (i32.load (i32.add (global.get $FIRST_BYTE_KEYS)
                    (i32.shl (i32.load8_u offset=1 (local.get $p)) (i32.const 2)))))
                (if (local.get $candidates)
                  (then
                    (if (i32.and (local.get $candidates)
                          (i32.load (i32.add (global.get $SECOND_BYTE_KEYS)
                            (i32.shl (i32.load8_u offset=2 (local.get $p)) (i32.const 2)))))
                      (then
                        (local.set $count
                          (call $mention_at (local.get $p) (local.get $base) (local.get $end) (local.get $count)))
                        (if (i32.lt_s (local.get $count) (i32.const 0)) (then (return (local.get $count)))))))))
              (else
                (if (i32.eq (i32.load8_u offset=1 (local.get $p)) (i32.const 0x75))
                  (then
                    (if (call $escapes_letter (local.get $p) (local.get $end)) (then (return (i32.const -2))))))))
            (br $bits)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $block)))
    (block $rest_done
      (loop $rest
        (br_if $rest_done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $c (i32.load8_u (local.get $i)))
        (if (i32.or (i32.eq (local.get $c) (i32.const 0x22)) (i32.eq (local.get $c) (i32.const 0x5c)))
          (then
            (local.set $count
              (call $mention_at (local.get $i) (local.get $base) (local.get $end) (local.get $count)))
            (if (i32.lt_s (local.get $count) (i32.const 0)) (then (return (local.get $count))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rest)))
    (i32.store
      (i32.add (global.get $KEYS_MENTIONED) (i32.shl (i32.and (local.get $slot) (i32.const 1)) (i32.const 2)))
      (global.get $mentioned))
    (local.get $count))

  (func (export "index_keys")
    (local $i i32) (local $k i32) (local $count i32) (local $slot i32) (local $first i32)
    (local.set $count (i32.load (i32.const 0)))
    (global.set $keys_indexed (i32.const 0))
    (if (i32.gt_u (local.get $count) (i32.const 32)) (then (return)))
    (loop $clear
      (v128.store (i32.add (global.get $KEYS_BY_FIRST_BYTE) (local.get $i)) (v128.const i64x2 0 0))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br_if $clear (i32.lt_u (local.get $i) (i32.const 1024))))
    (block $done
      (loop $keys
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $first
          (select
            (i32.load8_u (i32.load (i32.add (i32.const 8) (i32.shl (local.get $k) (i32.const 3)))))
            (i32.const 0x22)
            (i32.load (i32.add (i32.const 12) (i32.shl (local.get $k) (i32.const 3))))))
        (local.set $slot (i32.add (global.get $KEYS_BY_FIRST_BYTE) (i32.shl (local.get $first) (i32.const 2))))
        (i32.store (local.get $slot) (i32.or (i32.load (local.get $slot)) (i32.shl (i32.const 1) (local.get $k))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $keys)))
    (global.set $keys_indexed (i32.const 1)))

  (func (export "scan") (param $at i32) (param $length i32) (result i32)
    (local $base i32) (local $i i32) (local $end i32) (local $k i32) (local $key_start i32) (local $key_end i32)
    (local $value_start i32) (local $index i32) (local $c i32)
    (local.set $k (i32.const 0))
    (block $cleared
      (loop $clear
        (br_if $cleared (i32.ge_u (local.get $k) (i32.load (i32.const 0))))
        (i32.store (i32.add (global.get $RESULTS) (i32.shl (local.get $k) (i32.const 3))) (i32.const -1))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $clear)))
    (local.set $base (i32.add (global.get $INPUT) (local.get $at)))
    (local.set $end (i32.add (local.get $base) (local.get $length)))
    (local.set $i (call $skip_whitespace (local.get $base) (local.get $end)))
    (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const 3))))
    (if (i32.ne (i32.load8_u (local.get $i)) (i32.const 0x7b)) (then (return (i32.const 1))))
    (local.set $i (call $skip_whitespace (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
    (if (i32.and (i32.lt_u (local.get $i) (local.get $end)) (i32.eq (i32.load8_u (local.get $i)) (i32.const 0x7d)))
      (then
        (return
          (select (i32.const 0) (i32.const 1)
            (i32.eq
              (call $skip_whitespace (i32.add (local.get $i) (i32.const 1)) (local.get $end))
              (local.get $end))))))
    (loop $member
      (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const 2))))
      (if (i32.ne (i32.load8_u (local.get $i)) (i32.const 0x22)) (then (return (i32.const 1))))
      (local.set $key_start (local.get $i))
      (local.set $i (call $skip_string (local.get $i) (local.get $end)))
      (if (i32.lt_s (local.get $i) (i32.const 0)) (then (return (i32.const 2))))
      (local.set $key_end (local.get $i))
      (local.set $i (call $skip_whitespace (local.get $i) (local.get $end)))
      (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const 2))))
      (if (i32.ne (i32.load8_u (local.get $i)) (i32.const 0x3a)) (then (return (i32.const 1))))
      (local.set $i (call $skip_whitespace (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
      (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const 2))))
      (local.set $value_start (local.get $i))
      (local.set $i (call $skip_value (local.get $i) (local.get $end)))
      (if (i32.lt_s (local.get $i) (i32.const 0)) (then (return (call $status_of (local.get $i)))))
      (local.set $index
        (call $match
          (i32.add (local.get $key_start) (i32.const 1))
          (i32.sub (local.get $key_end) (i32.const 1))))
      (if (i32.eq (local.get $index) (global.get $NEEDS_JS)) (then (return (i32.const 4))))
      (if (i32.ge_s (local.get $index) (i32.const 0))
        (then
          (i32.store
            (i32.add (global.get $RESULTS) (i32.shl (local.get $index) (i32.const 3)))
            (i32.sub (local.get $value_start) (local.get $base)))
          (i32.store
            (i32.add (global.get $RESULTS) (i32.add (i32.shl (local.get $index) (i32.const 3)) (i32.const 4)))
            (i32.sub (local.get $i) (local.get $base)))))
      (local.set $i (call $skip_whitespace (local.get $i) (local.get $end)))
      (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const 2))))
      (local.set $c (i32.load8_u (local.get $i)))
      (if (i32.eq (local.get $c) (i32.const 0x2c))
        (then
          (local.set $i (call $skip_whitespace (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
          (br $member)))
      (if (i32.eq (local.get $c) (i32.const 0x7d))
        (then
          (return
            (select (i32.const 0) (i32.const 1)
              (i32.eq
                (call $skip_whitespace (i32.add (local.get $i) (i32.const 1)) (local.get $end))
                (local.get $end))))))
      (return (i32.const 1)))
    (unreachable))
)
