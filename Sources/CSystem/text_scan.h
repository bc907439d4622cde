/* Runs of ASCII found sixteen bytes a step by SSE2, which every x86-64 has (elsewhere a
 * byte at a time): the plain text an output format copies as it is (TextEscaping,
 * BufferedWriter), and the ASCII an import's UTF-8 check skips (UTF8Tracker). Swift's SIMD
 * types compiled to generic calls here, and its 64-bit word tests cost five instructions
 * a byte (callgrind, `list --json`). */
#ifndef GEOCACHE_CSYSTEM_TEXT_SCAN_H
#define GEOCACHE_CSYSTEM_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The bytes other than the controls that a format rewrites (at most five, all ASCII from
 * 0x20 up), each repeated sixteen times: made once per format (sys_plain_set_init) and
 * read by every call, where a broadcast of each byte per call was a tenth of
 * `list --json`'s writing (callgrind). */
typedef struct {
    uint8_t lanes[5][16];
    size_t count;
} sys_plain_set;

/* Fills `set` with the `count` bytes at `others` (at most five). */
static inline void sys_plain_set_init(sys_plain_set *set, const uint8_t *others, size_t count) {
    set->count = count > 5 ? 5 : count;
    for (size_t place = 0; place < 5; place++)
        for (size_t lane = 0; lane < 16; lane++) set->lanes[place][lane] = place < set->count ? others[place] : 0;
}

/* sys_copy_plain_ascii a byte at a time: for fewer than 4 bytes, and without SSE2. */
static inline size_t sys_copy_plain_bytes(uint8_t *target, const uint8_t *source, size_t count,
                                          const sys_plain_set *set) {
    size_t index = 0;
    for (; index < count; index++) {
        uint8_t byte = source[index];
        if (byte < 0x20 || byte >= 0x80) break;
        size_t place = 0;
        while (place < set->count && set->lanes[place][0] != byte) place++;
        if (place < set->count) break;
        target[index] = byte;
    }
    return index;
}

#if defined(__SSE2__)
/* The bytes of `bytes` that are not plain (below 0x20, from 0x80 up, or one of `set`'s
 * others), a bit each. */
static inline unsigned sys_unplain_mask(__m128i bytes, const sys_plain_set *set) {
    /* Signed: a byte from 0x80 up is negative, so below 0x20 as well. */
    __m128i found = _mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20));
    /* Unrolled from the last place down: a loop's count and test cost more than the
     * compares (callgrind). */
#define SYS_PLAIN_PLACE(place) \
    found = _mm_or_si128(found, _mm_cmpeq_epi8(bytes, _mm_loadu_si128((const __m128i *)set->lanes[place])))
    switch (set->count) {
    case 5: SYS_PLAIN_PLACE(4); /* fall through */
    case 4: SYS_PLAIN_PLACE(3); /* fall through */
    case 3: SYS_PLAIN_PLACE(2); /* fall through */
    case 2: SYS_PLAIN_PLACE(1); /* fall through */
    case 1: SYS_PLAIN_PLACE(0); /* fall through */
    default: break;
    }
#undef SYS_PLAIN_PLACE
    return (unsigned)_mm_movemask_epi8(found);
}

/* Two pieces of `count` bytes (4 to 8 each) that together cover them, the second ending
 * at the last byte: loaded without reading past the end, and screened in one step. */
static inline uint64_t sys_load_word(const uint8_t *source, size_t size) {
    if (size == 8) {
        uint64_t word;
        __builtin_memcpy(&word, source, 8);
        return word;
    }
    uint32_t word;
    __builtin_memcpy(&word, source, 4);
    return word;
}

static inline void sys_store_word(uint8_t *target, uint64_t word, size_t size) {
    if (size == 8) {
        __builtin_memcpy(target, &word, 8);
    } else {
        uint32_t half = (uint32_t)word;
        __builtin_memcpy(target, &half, 4);
    }
}

/* sys_copy_plain_ascii for 1 to 15 bytes: the first and the last 8 (or 4) of them, which
 * may overlap, are screened in one step and copied as two words; fewer than 4 a byte at
 * a time. A copy into sixteen zeros cost a call of memcpy, and its local's address
 * a stack canary (callgrind, `list --json`). */
static inline size_t sys_copy_plain_ascii_short(uint8_t *target, const uint8_t *source, size_t count,
                                                const sys_plain_set *set) {
    if (count < 4) return sys_copy_plain_bytes(target, source, count, set);
    size_t size = count >= 8 ? 8 : 4;
    uint64_t first = sys_load_word(source, size);
    uint64_t last = sys_load_word(source + count - size, size);
    /* The first piece in lanes 0 to 7, the last in lanes 8 to 15 (zeros beyond a 4-byte
     * piece: a control, never plain, so ignored below). */
    unsigned mask = sys_unplain_mask(_mm_set_epi64x((long long)last, (long long)first), set);
    unsigned all = (1u << size) - 1;
    sys_store_word(target, first, size);
    sys_store_word(target + count - size, last, size);
    if (mask & all) return (size_t)__builtin_ctz(mask & all);
    /* The first piece is plain; the last overlaps it, so its first unplain byte, if any,
     * lies past it. */
    mask = (mask >> 8) & all;
    return mask ? count - size + (size_t)__builtin_ctz(mask) : count;
}
#endif

/* Copies from `source` to `target` the longest start of the `count` bytes that is plain:
 * each byte from 0x20 to 0x7F and none of `set`'s others; returns its length.
 * `target` must have room for `count` + 16 bytes: past the run, more may be written. */
static inline size_t sys_copy_plain_ascii(uint8_t *target, const uint8_t *source, size_t count,
                                          const sys_plain_set *set) {
#if defined(__SSE2__)
    if (count < 16) return count == 0 ? 0 : sys_copy_plain_ascii_short(target, source, count, set);
    for (size_t index = 0;;) {
        /* The last step overlaps the one before: the bytes it writes again are the same. */
        size_t at = index + 16 <= count ? index : count - 16;
        __m128i bytes = _mm_loadu_si128((const __m128i *)(source + at));
        _mm_storeu_si128((__m128i *)(target + at), bytes);
        unsigned mask = sys_unplain_mask(bytes, set);
        if (mask != 0) return at + (size_t)__builtin_ctz(mask);
        if (at + 16 == count) return count;
        index = at + 16;
    }
#else
    return sys_copy_plain_bytes(target, source, count, set);
#endif
}

/* A run of ASCII at the start of some text: its length, its newlines (0x0A), and the
 * length of its part after the last of them (all of it when there is none). */
typedef struct {
    size_t length;
    size_t newlines;
    size_t after_last_newline;
} sys_ascii_run;

/* The run of ASCII bytes (below 0x80) at the start of the `count` bytes at `bytes`,
 * sixteen a step by SSE2: what the import's UTF-8 check (UTF8Tracker) skips while
 * counting lines and columns. */
static inline sys_ascii_run sys_scan_ascii(const uint8_t *bytes, size_t count) {
    sys_ascii_run run = {0, 0, 0};
    size_t index = 0;
    size_t last_newline_end = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8(0x0A);
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        unsigned high = (unsigned)_mm_movemask_epi8(block);
        unsigned newlines = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, newline));
        size_t length = 16;
        if (high != 0) {
            length = (size_t)__builtin_ctz(high);
            newlines &= (1u << length) - 1;
        }
        if (newlines != 0) {
            run.newlines += (size_t)__builtin_popcount(newlines);
            last_newline_end = index + 32 - (size_t)__builtin_clz(newlines);
        }
        index += length;
        if (high != 0) break;
    }
#endif
    for (; index < count && bytes[index] < 0x80; index++) {
        if (bytes[index] == 0x0A) {
            run.newlines++;
            last_newline_end = index + 1;
        }
    }
    run.length = index;
    run.after_last_newline = index - last_newline_end;
    return run;
}

#endif
