/* The run of plain text an output format copies as it is (TextEscaping, BufferedWriter):
 * ASCII from 0x20 up that is none of a format's own few bytes. Sixteen bytes a step by
 * SSE2, which every x86-64 has; Swift's SIMD types compiled to generic calls here, and
 * its 64-bit word tests cost five instructions a byte (callgrind, `list --json`). */
#ifndef GEOCACHE_CSYSTEM_TEXT_SCAN_H
#define GEOCACHE_CSYSTEM_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Copies from `source` to `target` the longest start of the `count` bytes that is plain:
 * each byte from 0x20 to 0x7F and none of the five `others`, one a byte from the lowest
 * up (0 in a place not used: a control, never plain anyway); returns its length. `target` must have room for
 * `count` bytes; past the run, up to 15 bytes more may be written there. */
static inline size_t sys_copy_plain_ascii(uint8_t *target, const uint8_t *source, size_t count,
                                          uint64_t others) {
    size_t index = 0;
#if defined(__SSE2__)
    if (count >= 16) {
        const __m128i space = _mm_set1_epi8(0x20);
        const __m128i o0 = _mm_set1_epi8((char)(others & 0xFF)), o1 = _mm_set1_epi8((char)(others >> 8 & 0xFF)),
                      o2 = _mm_set1_epi8((char)(others >> 16 & 0xFF)), o3 = _mm_set1_epi8((char)(others >> 24 & 0xFF)),
                      o4 = _mm_set1_epi8((char)(others >> 32 & 0xFF));
        for (;;) {
            /* The last step overlaps the one before: the bytes it writes again are the same. */
            size_t at = index + 16 <= count ? index : count - 16;
            __m128i bytes = _mm_loadu_si128((const __m128i *)(source + at));
            /* Signed: a byte from 0x80 up is negative, so below 0x20 as well. */
            __m128i found = _mm_cmplt_epi8(bytes, space);
            found = _mm_or_si128(found, _mm_or_si128(_mm_cmpeq_epi8(bytes, o0), _mm_cmpeq_epi8(bytes, o1)));
            found = _mm_or_si128(found, _mm_or_si128(_mm_cmpeq_epi8(bytes, o2), _mm_cmpeq_epi8(bytes, o3)));
            found = _mm_or_si128(found, _mm_cmpeq_epi8(bytes, o4));
            _mm_storeu_si128((__m128i *)(target + at), bytes);
            int mask = _mm_movemask_epi8(found);
            if (mask != 0) return at + (size_t)__builtin_ctz((unsigned)mask);
            if (at + 16 == count) return count;
            index = at + 16;
        }
    }
#endif
    for (; index < count; index++) {
        uint8_t byte = source[index];
        if (byte < 0x20 || byte >= 0x80 || byte == (others & 0xFF) || byte == (others >> 8 & 0xFF) ||
            byte == (others >> 16 & 0xFF) || byte == (others >> 24 & 0xFF) || byte == (others >> 32 & 0xFF))
            break;
        target[index] = byte;
    }
    return index;
}

#endif
