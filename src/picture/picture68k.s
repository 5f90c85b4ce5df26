| The hot loops of fitting a picture (src/picture/fit.rs, quantise.rs) and of reading ST
| screens (st.rs) for the 68030. Each routine does exactly what the Rust function it is
| named after does (the portable version, which the host runs and the tests compare); the
| Rust side checks every length and index before the call.
|
| C calling convention: arguments at 4(sp), 8(sp), ...; d0-d1/a0-a1 free, d2-d7/a2-a6
| preserved, result in d0. Each routine has a section of its own (--gc-sections).

| ---------------------------------------------------------------------------------------
| mix_two(p, q, w) = q·256 + (p − q)·w + ½, in 1/256, red and blue in one long
| (0x00FF00FF), green shifted up by 8 (0x0000FF00): (g·256) >> 8 & 0xFF00 is green.
| In: p in d0, q in d1, w in d2, 0x00FF00FF in d6, 0x0000FF00 in d5, and the two
| roundings in address registers (ADD.L An,Dn: two cycles instead of an immediate's six):
| 0x00800080 in rrb, 0x00008000 in rg. Out: d0 (alpha 0). d1, d3 and d4 scratch.
        .macro  MIX_TWO rrb, rg
        move.l  %d0,%d3
        and.l   %d6,%d3                 | p red and blue
        move.l  %d1,%d4
        and.l   %d6,%d4                 | q red and blue
        sub.l   %d4,%d3
        muls.l  %d2,%d3
        lsl.l   #8,%d4
        add.l   %d4,%d3
        add.l   \rrb,%d3
        lsr.l   #8,%d3
        and.l   %d6,%d3
        and.l   %d5,%d0                 | p green (·256)
        and.l   %d5,%d1                 | q green (·256)
        sub.l   %d1,%d0
        muls.l  %d2,%d0
        lsl.l   #8,%d1
        add.l   %d1,%d0
        add.l   \rg,%d0
        lsr.l   #8,%d0
        and.l   %d5,%d0
        or.l    %d3,%d0
        .endm

| ---------------------------------------------------------------------------------------
| void pic_mix_pairs(const u32 *source, const Pair *pairs, u32 *out, u32 n)
|
| fit::scale_line_pairs: out[d] = mix_two(source[a], source[a + 1], w) for each pair (a, w)
| (two words, a + 1 inside the line); mix_two is the macro MIX_TWO above.
        .section .text.pic_mix_pairs,"ax",@progbits
        .balign 4
        .globl  pic_mix_pairs
pic_mix_pairs:
        movem.l %d2-%d7/%a2-%a5,-(%sp)  | 40 bytes
        move.l  44(%sp),%a0             | source
        move.l  48(%sp),%a1             | pairs
        move.l  52(%sp),%a2             | out
        move.l  56(%sp),%d7             | n
        beq.s   .Lpairs_done
        move.l  #0x00FF00FF,%d6
        move.l  #0x0000FF00,%d5
        move.l  #0x00800080,%a4         | the roundings
        move.l  #0x00008000,%a5
        moveq   #0,%d2                  | w: a word; the upper half stays 0
.Lpairs_loop:
        movea.w (%a1)+,%a3              | a (below 4096: the sign extension is 0)
        move.w  (%a1)+,%d2              | w
        move.l  (%a0,%a3.l*4),%d0       | p = source[a]
        move.l  4(%a0,%a3.l*4),%d1      | q = source[a + 1]
        cmp.l   %d0,%d1
        beq.s   .Lpairs_same
        MIX_TWO %a4, %a5
        move.l  %d0,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lpairs_loop
        bra.s   .Lpairs_done
.Lpairs_same:                           | mix_two(p, p, w) is p without its alpha
        and.l   #0x00FFFFFF,%d0
        move.l  %d0,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lpairs_loop
.Lpairs_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a5
        rts

| ---------------------------------------------------------------------------------------
| void pic_mix_pairs_indexed(const u8 *index, const u32 *lut, const Pair *pairs, u32 *out,
|                            u32 n)
|
| fit::scale_line_pairs_indexed: pic_mix_pairs of a palette picture's line, p = lut[index[a]]
| and q = lut[index[a + 1]] (the pens' colours, alpha 0). Two equal pens are the pen's
| colour as it is: mix_two(p, p, w) is p.
        .section .text.pic_mix_pairs_indexed,"ax",@progbits
        .balign 4
        .globl  pic_mix_pairs_indexed
pic_mix_pairs_indexed:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0             | index
        move.l  52(%sp),%a4             | lut
        move.l  56(%sp),%a1             | pairs
        move.l  60(%sp),%a2             | out
        move.l  64(%sp),%d7             | n
        beq.s   .Lpairsi_done
        move.l  #0x00FF00FF,%d6
        move.l  #0x0000FF00,%d5
        move.l  #0x00800080,%a5         | the roundings
        move.l  #0x00008000,%a6
        moveq   #0,%d2                  | w: a word; the upper half stays 0
.Lpairsi_loop:
        movea.w (%a1)+,%a3              | a (below 4096: the sign extension is 0)
        move.w  (%a1)+,%d2              | w
        moveq   #0,%d0
        move.b  (%a0,%a3.l),%d0         | pen index[a]
        moveq   #0,%d1
        move.b  1(%a0,%a3.l),%d1        | pen index[a + 1]
        cmp.b   %d0,%d1
        beq.s   .Lpairsi_same
        move.l  (%a4,%d0.l*4),%d0       | p
        move.l  (%a4,%d1.l*4),%d1       | q
        MIX_TWO %a5, %a6
        move.l  %d0,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lpairsi_loop
        bra.s   .Lpairsi_done
.Lpairsi_same:
        move.l  (%a4,%d0.l*4),(%a2)+
        subq.l  #1,%d7
        bne.s   .Lpairsi_loop
.Lpairsi_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void pic_mix_rows(const u32 *p, const u32 *q, u32 *out, u32 n, u32 w)
|
| fit::mix_rows: out[i] = mix_two(p[i], q[i], w) (see pic_mix_pairs).
        .section .text.pic_mix_rows,"ax",@progbits
        .balign 4
        .globl  pic_mix_rows
pic_mix_rows:
        movem.l %d2-%d7/%a2-%a4,-(%sp)  | 36 bytes
        move.l  40(%sp),%a0             | p
        move.l  44(%sp),%a1             | q
        move.l  48(%sp),%a2             | out
        move.l  52(%sp),%d7             | n
        beq.s   .Lrows_done
        move.l  56(%sp),%d2             | w
        move.l  #0x00FF00FF,%d6
        move.l  #0x0000FF00,%d5
        move.l  #0x00800080,%a3         | the roundings
        move.l  #0x00008000,%a4
.Lrows_loop:
        move.l  (%a0)+,%d0              | p
        move.l  (%a1)+,%d1              | q
        cmp.l   %d0,%d1
        beq.s   .Lrows_same
        MIX_TWO %a3, %a4
        move.l  %d0,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lrows_loop
        bra.s   .Lrows_done
.Lrows_same:                            | mix_two(p, p, w) is p without its alpha
        and.l   #0x00FFFFFF,%d0
        move.l  %d0,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lrows_loop
.Lrows_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a4
        rts

| ---------------------------------------------------------------------------------------
| The bucket of a colour 0x00RRGGBB in d0 into d1 (a long, 0-32767): the top 5 bits of
| each gun, red highest, taken by BFEXTU (offsets counted from bit 31: red's top bits are
| 23-19, offset 8; green's 15-11, offset 16; blue's 7-3, offset 24). d2 scratch, d0 kept.
        .macro  BUCKET
        bfextu  %d0{#8:#5},%d1
        lsl.l   #5,%d1
        bfextu  %d0{#16:#5},%d2
        or.l    %d2,%d1
        lsl.l   #5,%d1
        bfextu  %d0{#24:#5},%d2
        or.l    %d2,%d1
        .endm

| ---------------------------------------------------------------------------------------
| u32 pic_histogram(const u32 *pixels, u32 n, u32 *counts, u16 *used, u16 *keys)
|
| quantise::histogram: counts[bucket(p)] += 1 for each pixel, its bucket into keys; a
| bucket counted for the first time (its count, which starts at -1, becomes 0) is
| appended to used. Returns how many were appended. A pixel equal to the one before it
| (runs of them are common) reuses its bucket, and is counted in d4 until the run ends.
        .section .text.pic_histogram,"ax",@progbits
        .balign 4
        .globl  pic_histogram
pic_histogram:
        movem.l %d2-%d4/%d7/%a2-%a4,-(%sp)      | 28 bytes
        move.l  32(%sp),%a0             | pixels
        move.l  36(%sp),%d7             | n
        move.l  40(%sp),%a1             | counts
        move.l  44(%sp),%a2             | used: where the next goes
        move.l  48(%sp),%a4             | keys
        move.l  %a2,%a3
        tst.l   %d7
        beq.s   .Lhist_done
        move.l  (%a0),%d3
        not.l   %d3                     | the last pixel: none yet (differs from the first)
        moveq   #0,%d4                  | the last pixel's repeats, not yet counted
.Lhist_loop:
        move.l  (%a0)+,%d0
        cmp.l   %d0,%d3
        beq.s   .Lhist_same             | the same pixel again: the same bucket (in d1)
        tst.l   %d4
        beq.s   .Lhist_new
        add.l   %d4,(%a1,%d1.l*4)       | the run that ended: its repeats
        moveq   #0,%d4
.Lhist_new:
        move.l  %d0,%d3
        BUCKET
        move.w  %d1,(%a4)+
        addq.l  #1,(%a1,%d1.l*4)
        bne.s   .Lhist_next             | not 0: seen before
        move.w  %d1,(%a2)+
        subq.l  #1,%d7
        bne.s   .Lhist_loop
        bra.s   .Lhist_end
.Lhist_same:
        move.w  %d1,(%a4)+
        addq.l  #1,%d4
.Lhist_next:
        subq.l  #1,%d7
        bne.s   .Lhist_loop
.Lhist_end:
        add.l   %d4,(%a1,%d1.l*4)       | the last run's repeats (d1: the last pixel's bucket)
.Lhist_done:
        move.l  %a2,%d0
        sub.l   %a3,%d0
        lsr.l   #1,%d0
        movem.l (%sp)+,%d2-%d4/%d7/%a2-%a4
        rts

| ---------------------------------------------------------------------------------------
| void pic_seen(const u16 *used, u32 n, const u32 *counts, u32 *entries, Seen *seen)
|
| quantise::cut_boxes's list of entries on the 68030: one long each, the used bucket in
| the upper word and its pixels - 1 in the lower word (counts holds pixels - 1, see
| pic_histogram), or 0xFFFF when they do not fit (65,536 pixels or more: the cuts then
| read counts). seen gets the values of red, green and blue of the used buckets as bit
| masks (BSET on a data register takes the bit number modulo 32: blue is the bucket's low
| 5 bits) and their pixels: four longs.
        .section .text.pic_seen,"ax",@progbits
        .balign 4
        .globl  pic_seen
pic_seen:
        movem.l %d2-%d7/%a2,-(%sp)      | 28 bytes
        move.l  32(%sp),%a0             | used
        move.l  36(%sp),%d7             | n
        move.l  40(%sp),%a1             | counts
        move.l  44(%sp),%a2             | entries
        moveq   #0,%d3                  | red values
        moveq   #0,%d4                  | green values
        moveq   #0,%d5                  | blue values
        moveq   #0,%d6                  | pixels
        moveq   #0,%d1
        tst.l   %d7
        beq.s   .Lseen_done
.Lseen_loop:
        move.w  (%a0)+,%d1              | the bucket (0-32767; the upper word of d1 stays 0)
        move.l  (%a1,%d1.l*4),%d0       | its pixels - 1
        move.w  %d1,(%a2)+              | the entry's upper word: the bucket
        cmp.l   #0xFFFF,%d0
        bcs.s   1f
        move.w  #0xFFFF,(%a2)+          | too many for a word
        bra.s   2f
1:      move.w  %d0,(%a2)+              | its lower word: pixels - 1
2:      addq.l  #1,%d0                  | its pixels
        add.l   %d0,%d6
        bset    %d1,%d5                 | blue: bit (bucket & 31)
        move.l  %d1,%d2
        lsr.l   #5,%d2
        bset    %d2,%d4                 | green: bit (bucket >> 5 & 31)
        lsr.l   #5,%d2
        bset    %d2,%d3                 | red: bit (bucket >> 10)
        subq.l  #1,%d7
        bne.s   .Lseen_loop
.Lseen_done:
        move.l  48(%sp),%a0             | seen
        movem.l %d3-%d6,(%a0)
        movem.l (%sp)+,%d2-%d7/%a2
        rts

| ---------------------------------------------------------------------------------------
| void pic_map(const u32 *pixels, const u16 *keys, u32 n, const u8 *pen_of, u8 *index,
|              u32 (*sums)[4])
|
| quantise::map_pixels: each pixel's pen (pen_of its bucket, from keys) into index, and the
| pen's sums of red, green and blue. The sums of the pen of the last pixels are kept in
| d4-d6 and added to its row of sums (a4) when the pen changes and at the end; a pixel
| equal to the one before has its pen (its key is skipped).
        .section .text.pic_map,"ax",@progbits
        .balign 4
        .globl  pic_map
pic_map:
        movem.l %d2-%d7/%a2-%a5,-(%sp)  | 40 bytes
        move.l  44(%sp),%a0             | pixels
        move.l  48(%sp),%a5             | keys
        move.l  52(%sp),%d7             | n
        beq.w   .Lmap_done
        move.l  56(%sp),%a1             | pen_of
        move.l  60(%sp),%a2             | index
        move.l  64(%sp),%a3             | sums
        move.l  %a3,%a4                 | the sums of pen 0, the pen (d3) so far
        moveq   #0,%d3
        moveq   #0,%d4                  | red, green and blue not yet added to (a4)
        moveq   #0,%d5
        moveq   #0,%d6
        move.l  (%a0),%d2
        not.l   %d2                     | the last pixel: none yet (differs from the first)
.Lmap_loop:
        move.l  (%a0)+,%d0
        cmp.l   %d0,%d2
        bne.s   .Lmap_new
        addq.l  #2,%a5                  | the same pixel: the same pen (.Lmap_add's work,
        move.b  %d3,(%a2)+              | without the branch to it)
        bfextu  %d0{#24:#8},%d1
        add.l   %d1,%d6
        bfextu  %d0{#16:#8},%d1
        add.l   %d1,%d5
        bfextu  %d0{#8:#8},%d1
        add.l   %d1,%d4
        subq.l  #1,%d7
        bne.s   .Lmap_loop
        bra.s   .Lmap_end
.Lmap_new:
        move.l  %d0,%d2
        moveq   #0,%d1
        move.w  (%a5)+,%d1              | the bucket (0-32767)
        move.b  (%a1,%d1.l),%d1         | the pen (low byte)
        cmp.b   %d1,%d3
        beq.s   .Lmap_add               | the same pen
        add.l   %d4,(%a4)+              | the last pen's sums
        add.l   %d5,(%a4)+
        add.l   %d6,(%a4)
        moveq   #0,%d3
        move.b  %d1,%d3                 | the new pen
        move.l  %d3,%d1
        lsl.l   #4,%d1
        lea     (%a3,%d1.l),%a4         | its sums
        move.b  %d3,(%a2)+
        bfextu  %d0{#24:#8},%d6         | its sums so far: this pixel's blue, green, red
        bfextu  %d0{#16:#8},%d5         | (set, not cleared and added: 6 instructions less
        bfextu  %d0{#8:#8},%d4          | at each of the pen's changes)
        subq.l  #1,%d7
        bne.s   .Lmap_loop
        bra.s   .Lmap_end
.Lmap_add:
        move.b  %d3,(%a2)+
        bfextu  %d0{#24:#8},%d1         | blue (BFEXTU: one instruction for MOVEQ, MOVE.B, LSR)
        add.l   %d1,%d6
        bfextu  %d0{#16:#8},%d1         | green
        add.l   %d1,%d5
        bfextu  %d0{#8:#8},%d1          | red
        add.l   %d1,%d4
        subq.l  #1,%d7
        bne.s   .Lmap_loop
.Lmap_end:
        add.l   %d4,(%a4)+              | the last pen's sums
        add.l   %d5,(%a4)+
        add.l   %d6,(%a4)
.Lmap_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a5
        rts

| ---------------------------------------------------------------------------------------
| void pic_bin_split(const u32 *entries, u32 n, Bins *bins, u32 offset, u32 pixels,
|                    Split *out, const u32 *counts)
|
| quantise::bin_and_split. Clears the 32 longs of bins, then for each entry (a long: the
| bucket in the upper word, its pixels - 1 in the lower, 0xFFFF meaning "read
| counts[bucket]", see pic_seen) adds its pixels to bins[v], v the cut component's value:
| the 5-bit field of the entry at offset (counted from bit 31, as BFEXTU does: the
| bucket's red is at 1, green 6, blue 11). Then the cut of the box of
| `pixels` pixels: out (three longs) = the values taken along the axis (bit v when bins[v]
| is not 0), split (the first v below the highest value hi where the pixels of bins 0..=v
| reach half the box, else hi - 1), and those pixels. Bins below the lowest value hold no
| pixels: starting at 0 instead of there changes nothing.
        .section .text.pic_bin_split,"ax",@progbits
        .balign 4
        .globl  pic_bin_split
pic_bin_split:
        movem.l %d2-%d5/%a2-%a3,-(%sp)  | 24 bytes
        move.l  28(%sp),%a0             | entries
        move.l  32(%sp),%d1             | n
        move.l  36(%sp),%a1             | bins
        move.l  40(%sp),%d4             | offset of the cut component's field
        move.l  52(%sp),%a3             | counts
        move.l  %a1,%a2                 | clear the bins
        moveq   #7,%d0
.Lbs_clear:
        clr.l   (%a2)+
        clr.l   (%a2)+
        clr.l   (%a2)+
        clr.l   (%a2)+
        dbra    %d0,.Lbs_clear
        bra.s   .Lbs_next
.Lbs_loop:
        move.l  (%a0)+,%d0              | entry
        bfextu  %d0{%d4:#5},%d2         | v
        moveq   #0,%d3
        move.w  %d0,%d3                 | pixels - 1
        addq.w  #1,%d3                  | pixels (the upper word stays 0)
        beq.s   .Lbs_big                | 0xFFFF: 65,536 or more
.Lbs_add:
        add.l   %d3,(%a1,%d2.l*4)
.Lbs_next:
        subq.l  #1,%d1
        bcc.s   .Lbs_loop
        | The values along the axis: d0 bit v when bins[v] is not 0.
        moveq   #0,%d0
        moveq   #31,%d1
        lea     128(%a1),%a2            | past bins[31]
.Lbs_mask:
        tst.l   -(%a2)
        beq.s   .Lbs_empty
        bset    %d1,%d0
.Lbs_empty:
        dbra    %d1,.Lbs_mask
        move.l  48(%sp),%a0             | out
        move.l  %d0,(%a0)               | out.axis_mask
        | hi = 31 - (BFFFO's offset of the highest set bit, counted from bit 31)
        bfffo   %d0{#0:#32},%d2
        moveq   #31,%d3
        sub.l   %d2,%d3                 | hi
        move.l  44(%sp),%d4             | pixels of the box
        moveq   #0,%d1                  | total
        moveq   #0,%d2                  | v
        move.l  %a1,%a2                 | bins[0]
.Lbs_split:
        add.l   (%a2)+,%d1
        move.l  %d1,%d5
        add.l   %d5,%d5
        cmp.l   %d4,%d5
        bcc.s   .Lbs_found              | total * 2 >= pixels
        addq.l  #1,%d2
        cmp.l   %d3,%d2
        bcs.s   .Lbs_split              | v < hi
        subq.l  #1,%d2                  | not reached below hi: split = hi - 1
.Lbs_found:
        move.l  %d2,4(%a0)              | out.split
        move.l  %d1,8(%a0)              | out.low_pixels
        movem.l (%sp)+,%d2-%d5/%a2-%a3
        rts
.Lbs_big:                               | pixels = counts[bucket] + 1
        swap    %d0
        move.w  %d0,%d3                 | the bucket (the upper word of d3 is 0)
        move.l  (%a3,%d3.l*4),%d3
        addq.l  #1,%d3
        bra.s   .Lbs_add

| ---------------------------------------------------------------------------------------
| u32 NAME(u32 *entries, u32 n, u32 split, u32 other[4])
|
| quantise::partition for a cut across one component (pic_partition_red, _green, _blue):
| the entries whose value of that component (the bucket's 5-bit field at offset oa,
| counted from bit 31 as BFEXTU does) is at most split first (Hoare's way: from the left
| the first entry above split, from the right the first at most split, swapped); returns
| how many. Each entry's part is known when a scan first reads it (an entry found above
| split from the left stays in the upper part, swapped or not, and one at most split from
| the right in the lower), and the values of the other two components (fields ob and oc)
| are recorded then, as bit masks (BSET on a data register): other = lower part's second
| and third component, upper part's second and third. An entry is one long, the bucket in
| its upper word (pic_seen); a swap writes the two longs the scans have read.
        .macro  PARTITION name, oa, ob, oc
        .section .text.\name,"ax",@progbits
        .balign 4
        .globl  \name
\name:
        movem.l %d2-%d7/%a2-%a3,-(%sp)  | 32 bytes
        move.l  36(%sp),%a0             | left: the next entry to place
        move.l  %a0,%a2
        move.l  40(%sp),%d0
        lea     (%a0,%d0.l*4),%a1       | right: past the last unplaced entry
        move.l  44(%sp),%a3             | split
        moveq   #0,%d4                  | lower part: values of the second component
        moveq   #0,%d5                  | lower part: of the third
        moveq   #0,%d6                  | upper part: of the second
        moveq   #0,%d7                  | upper part: of the third
.Lleft\@:
        cmpa.l  %a1,%a0
        bcc.s   .Ldone\@
        move.l  (%a0),%d0
        bfextu  %d0{#\oa:#5},%d1
        cmp.l   %a3,%d1
        bhi.s   .Lhigh\@               | (a0) belongs to the upper part
        bfextu  %d0{#\ob:#5},%d1
        bset    %d1,%d4
        bfextu  %d0{#\oc:#5},%d1
        bset    %d1,%d5
        addq.l  #4,%a0
        bra.s   .Lleft\@
.Lhigh\@:
        bfextu  %d0{#\ob:#5},%d1
        bset    %d1,%d6
        bfextu  %d0{#\oc:#5},%d1
        bset    %d1,%d7
.Lright\@:
        subq.l  #4,%a1
        cmpa.l  %a1,%a0
        bcc.s   .Ldone\@               | a1 = a0: the rest is placed
        move.l  (%a1),%d2
        bfextu  %d2{#\oa:#5},%d1
        cmp.l   %a3,%d1
        bls.s   .Lswap\@               | (a1) belongs to the lower part
        bfextu  %d2{#\ob:#5},%d1
        bset    %d1,%d6
        bfextu  %d2{#\oc:#5},%d1
        bset    %d1,%d7
        bra.s   .Lright\@
.Lswap\@:
        bfextu  %d2{#\ob:#5},%d1
        bset    %d1,%d4
        bfextu  %d2{#\oc:#5},%d1
        bset    %d1,%d5
        move.l  %d2,(%a0)+              | swap (a0) and (a1)
        move.l  %d0,(%a1)
        bra.s   .Lleft\@
.Ldone\@:
        move.l  48(%sp),%a1             | other
        movem.l %d4-%d7,(%a1)
        move.l  %a0,%d0
        sub.l   %a2,%d0
        lsr.l   #2,%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a3
        rts
        .endm

        | Red is the bucket's bits 14-10, the entry's bits 30-26 (offset 1), green its bits
        | 25-21 (6), blue 20-16 (11).
        PARTITION pic_partition_red, 1, 6, 11
        PARTITION pic_partition_green, 6, 1, 11
        PARTITION pic_partition_blue, 11, 1, 6

| ---------------------------------------------------------------------------------------
| void pic_planar4(const u8 *line, u8 *out, u32 groups)
|
| st::interleaved_line for 4 planes: each group of 16 pixels is 4 words (plane 0 first,
| bit 15 the leftmost pixel) and becomes 16 pen bytes. Four pixels at a time: the next
| nibble of each plane's word (ROL brings it down) looks up its 4 pixels' bits, already
| shifted to the plane's bit, in the plane's table; the four are ORed.
        .section .text.pic_planar4,"ax",@progbits
        .balign 4
        .globl  pic_planar4
pic_planar4:
        movem.l %d2-%d7/%a2,-(%sp)      | 28 bytes
        move.l  32(%sp),%a0             | line
        move.l  36(%sp),%a1             | out
        move.l  40(%sp),%d7             | groups
        beq.s   .Lp4_done
        lea     pic_spread4+128,%a2      | the tables at -128, -64, 0, 64: 8-bit offsets
.Lp4_group:
        move.w  (%a0)+,%d0
        move.w  (%a0)+,%d1
        move.w  (%a0)+,%d2
        move.w  (%a0)+,%d3
        moveq   #3,%d6
.Lp4_nibble:
        rol.w   #4,%d0
        moveq   #15,%d4
        and.w   %d0,%d4
        move.l  -128(%a2,%d4.w*4),%d5
        rol.w   #4,%d1
        moveq   #15,%d4
        and.w   %d1,%d4
        or.l    -64(%a2,%d4.w*4),%d5
        rol.w   #4,%d2
        moveq   #15,%d4
        and.w   %d2,%d4
        or.l    (%a2,%d4.w*4),%d5
        rol.w   #4,%d3
        moveq   #15,%d4
        and.w   %d3,%d4
        or.l    64(%a2,%d4.w*4),%d5
        move.l  %d5,(%a1)+
        dbra    %d6,.Lp4_nibble
        subq.l  #1,%d7
        bne.s   .Lp4_group
.Lp4_done:
        movem.l (%sp)+,%d2-%d7/%a2
        rts

| pic_spread4 + 64·p + 4·n: the 4 bits of n (bit 3 the leftmost pixel) as 4 bytes of 0
| or 1 (the leftmost pixel in the most significant byte), shifted left by p (plane p).
        .section .rodata.pic_spread4,"a",@progbits
        .balign 4
pic_spread4:
        .long   0x00000000,0x00000001,0x00000100,0x00000101          | plane 0
        .long   0x00010000,0x00010001,0x00010100,0x00010101
        .long   0x01000000,0x01000001,0x01000100,0x01000101
        .long   0x01010000,0x01010001,0x01010100,0x01010101
        .long   0x00000000,0x00000002,0x00000200,0x00000202          | plane 1
        .long   0x00020000,0x00020002,0x00020200,0x00020202
        .long   0x02000000,0x02000002,0x02000200,0x02000202
        .long   0x02020000,0x02020002,0x02020200,0x02020202
        .long   0x00000000,0x00000004,0x00000400,0x00000404          | plane 2
        .long   0x00040000,0x00040004,0x00040400,0x00040404
        .long   0x04000000,0x04000004,0x04000400,0x04000404
        .long   0x04040000,0x04040004,0x04040400,0x04040404
        .long   0x00000000,0x00000008,0x00000800,0x00000808          | plane 3
        .long   0x00080000,0x00080008,0x00080800,0x00080808
        .long   0x08000000,0x08000008,0x08000800,0x08000808
        .long   0x08080000,0x08080008,0x08080800,0x08080808

| ---------------------------------------------------------------------------------------
| void pic_lookup(const u8 *index, u32 *out, u32 n, const u32 *lut)
|
| fit::scale's palette line: out[i] = lut[index[i]].
        .section .text.pic_lookup,"ax",@progbits
        .balign 4
        .globl  pic_lookup
pic_lookup:
        move.l  %a2,-(%sp)
        move.l  8(%sp),%a0              | index
        move.l  12(%sp),%a1             | out
        move.l  16(%sp),%d0             | n
        beq.s   .Llookup_done
        move.l  20(%sp),%a2             | lut
        moveq   #0,%d1
.Llookup_loop:
        move.b  (%a0)+,%d1
        move.l  (%a2,%d1.w*4),(%a1)+
        subq.l  #1,%d0
        bne.s   .Llookup_loop
.Llookup_done:
        move.l  (%sp)+,%a2
        rts

| ---------------------------------------------------------------------------------------
| u32 pic_crc32(u32 c, const u8 *data, u32 n, const u32 *table)
|
| png::crc32's loop: c = table[(c ^ byte) & 255] ^ (c >> 8) for each byte; returns c.
        .section .text.pic_crc32,"ax",@progbits
        .balign 4
        .globl  pic_crc32
pic_crc32:
        movem.l %d2-%d3,-(%sp)          | 8 bytes
        move.l  12(%sp),%d0             | c
        move.l  16(%sp),%a0             | data
        move.l  20(%sp),%d1             | n
        move.l  24(%sp),%a1             | table
        moveq   #0,%d2
        bra.s   .Lcrc_next
.Lcrc_loop:
        move.b  (%a0)+,%d2
        eor.b   %d0,%d2                 | (c ^ byte) & 255: the rest of d2 stays 0
        lsr.l   #8,%d0
        move.l  (%a1,%d2.w*4),%d3
        eor.l   %d3,%d0
.Lcrc_next:
        subq.l  #1,%d1
        bcc.s   .Lcrc_loop
        movem.l (%sp)+,%d2-%d3
        rts

| ---------------------------------------------------------------------------------------
| void pic_unfilter(u32 filter, u8 *line, const u8 *prev, u32 n, u32 unit)
|
| png::unfilter for filter types 1 (sub), 2 (up), 3 (average) and 4 (Paeth); the caller
| handles 0 and refuses the others. unit >= 1.
        .section .text.pic_unfilter,"ax",@progbits
        .balign 4
        .globl  pic_unfilter
pic_unfilter:
        movem.l %d2-%d7/%a2-%a3,-(%sp)  | 32 bytes
        move.l  36(%sp),%d0             | filter
        move.l  40(%sp),%a0             | line: the byte to unfilter
        move.l  44(%sp),%a1             | prev: the byte above it
        move.l  48(%sp),%d7             | n
        move.l  52(%sp),%d6             | unit
        move.l  %a0,%a2                 | the byte to its left (once i >= unit)
        move.l  %a1,%a3                 | the byte above that
        cmp.l   #2,%d0
        beq.s   .Lunf_up
        bcs.s   .Lunf_sub
        | average and Paeth: the first unit bytes have nothing on their left
        move.l  %d7,%d5
        cmp.l   %d6,%d5
        bls.s   1f
        move.l  %d6,%d5                 | min(unit, n)
1:      sub.l   %d5,%d7                 | the rest
        cmp.l   #3,%d0
        bne.s   .Lunf_paeth
        moveq   #0,%d1
        bra.s   3f
2:      move.b  (%a1)+,%d1
        lsr.b   #1,%d1
        add.b   %d1,(%a0)+
3:      subq.l  #1,%d5
        bcc.s   2b
        moveq   #0,%d2
        bra.s   5f
4:      move.b  (%a2)+,%d1
        move.b  (%a1)+,%d2
        add.w   %d2,%d1
        lsr.w   #1,%d1
        add.b   %d1,(%a0)+
5:      subq.l  #1,%d7
        bcc.s   4b
        bra     .Lunf_done
.Lunf_up:
        bra.s   7f
6:      move.b  (%a1)+,%d1
        add.b   %d1,(%a0)+
7:      subq.l  #1,%d7
        bcc.s   6b
        bra     .Lunf_done
.Lunf_sub:
        sub.l   %d6,%d7
        bls     .Lunf_done              | n <= unit: nothing to do
        add.l   %d6,%a0
8:      move.b  (%a2)+,%d1
        add.b   %d1,(%a0)+
        subq.l  #1,%d7
        bne.s   8b
        bra     .Lunf_done
.Lunf_paeth:
        bra.s   10f
9:      move.b  (%a1)+,%d1              | paeth(0, b, 0) is b
        add.b   %d1,(%a0)+
10:     subq.l  #1,%d5
        bcc.s   9b
        moveq   #0,%d1
        moveq   #0,%d2
        moveq   #0,%d3
        bra.s   .Lpaeth_next
.Lpaeth_loop:
        move.b  (%a2)+,%d1              | a: left
        move.b  (%a1)+,%d2              | b: above
        move.b  (%a3)+,%d3              | c: upper left
        move.w  %d2,%d4
        sub.w   %d3,%d4                 | b - c: pa = |p - a|
        move.w  %d1,%d5
        sub.w   %d3,%d5                 | a - c: pb = |p - b|
        move.w  %d4,%d0
        add.w   %d5,%d0                 | a + b - 2c: pc = |p - c|
        tst.w   %d4
        bpl.s   11f
        neg.w   %d4
11:     tst.w   %d5
        bpl.s   12f
        neg.w   %d5
12:     tst.w   %d0
        bpl.s   13f
        neg.w   %d0
13:     cmp.w   %d5,%d4
        bhi.s   14f                     | pa > pb
        cmp.w   %d0,%d4
        bhi.s   14f                     | pa > pc
        add.b   %d1,(%a0)+
        bra.s   .Lpaeth_next
14:     cmp.w   %d0,%d5
        bhi.s   15f                     | pb > pc
        add.b   %d2,(%a0)+
        bra.s   .Lpaeth_next
15:     add.b   %d3,(%a0)+
.Lpaeth_next:
        subq.l  #1,%d7
        bcc.s   .Lpaeth_loop
.Lunf_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a3
        rts

| ---------------------------------------------------------------------------------------
| void pic_rgb(const u8 *row, u32 *out, u32 n, u32 channels)
|
| png's 8-bit RGB (channels 3: alpha 255) or RGBA (4) samples to 0xAARRGGBB, n pixels.
        .section .text.pic_rgb,"ax",@progbits
        .balign 4
        .globl  pic_rgb
pic_rgb:
        move.l  4(%sp),%a0              | row
        move.l  8(%sp),%a1              | out
        move.l  12(%sp),%d1             | n
        beq.s   .Lrgb_done
        cmp.l   #4,16(%sp)
        beq.s   .Lrgba_loop
.Lrgb_loop:
        moveq   #-1,%d0
        move.b  (%a0)+,%d0
        lsl.l   #8,%d0
        move.b  (%a0)+,%d0
        lsl.l   #8,%d0
        move.b  (%a0)+,%d0              | 0xFFRRGGBB
        move.l  %d0,(%a1)+
        subq.l  #1,%d1
        bne.s   .Lrgb_loop
        rts
.Lrgba_loop:
        move.l  (%a0)+,%d0
        ror.l   #8,%d0                  | RRGGBBAA to AARRGGBB
        move.l  %d0,(%a1)+
        subq.l  #1,%d1
        bne.s   .Lrgba_loop
.Lrgb_done:
        rts

| ---------------------------------------------------------------------------------------
| void pic_boxed(const Seen *seen, u32 out[2])
|
| quantise::Seen::boxed: seen holds the masks of red, green and blue (bit v for value v;
| none is 0) and the pixels. Each range is highest bit - lowest bit; out[0] = the first
| component of the widest range, out[1] = its worth: pixels x range (at most 0xFFFFFFFF),
| or 0 when the range is 0. BFFFO gives 31 - the highest set bit; m & -m is the lowest.
        .section .text.pic_boxed,"ax",@progbits
        .balign 4
        .globl  pic_boxed
pic_boxed:
        movem.l %d2-%d5,-(%sp)          | 16 bytes
        move.l  20(%sp),%a0             | seen
        moveq   #-1,%d3                 | the widest range so far (none yet)
        moveq   #0,%d4                  | its component
        moveq   #0,%d5                  | the component
.Lboxed_loop:
        move.l  (%a0)+,%d0              | its mask
        move.l  %d0,%d1
        neg.l   %d1
        and.l   %d0,%d1                 | the lowest bit
        bfffo   %d1{#0:#32},%d1         | 31 - lowest
        bfffo   %d0{#0:#32},%d0         | 31 - highest
        sub.l   %d0,%d1                 | range = highest - lowest
        cmp.l   %d3,%d1
        ble.s   .Lboxed_narrower        | not wider (signed: the first is always wider than -1)
        move.l  %d1,%d3
        move.l  %d5,%d4
.Lboxed_narrower:
        addq.l  #1,%d5
        cmp.w   #3,%d5
        bne.s   .Lboxed_loop
        moveq   #0,%d1                  | worth 0 when the range is 0
        tst.l   %d3
        beq.s   .Lboxed_store
        move.l  (%a0),%d1               | pixels
        mulu.l  %d3,%d2:%d1             | d2:d1 = pixels x range
        tst.l   %d2
        beq.s   .Lboxed_store
        moveq   #-1,%d1                 | saturated
.Lboxed_store:
        move.l  24(%sp),%a0             | out
        move.l  %d4,(%a0)+
        move.l  %d1,(%a0)
        movem.l (%sp)+,%d2-%d5
        rts

| ---------------------------------------------------------------------------------------
| void pic_pens(const u32 *entries, u32 n, u8 *pen_of, u32 pen)
|
| quantise::median_cut's table of pens: pen_of[bucket & 0x7FFF] = pen for each entry (a
| long, the bucket in its upper word) of a box.
        .section .text.pic_pens,"ax",@progbits
        .balign 4
        .globl  pic_pens
pic_pens:
        move.l  %d2,-(%sp)
        move.l  8(%sp),%a0              | entries
        move.l  12(%sp),%d1             | n
        move.l  16(%sp),%a1             | pen_of
        move.l  20(%sp),%d0             | pen (the low byte)
        moveq   #0,%d2                  | its upper word stays 0 (an index)
        bra.s   .Lpens_next
.Lpens_loop:
        move.w  (%a0),%d2               | bucket: the entry's upper word
        addq.l  #4,%a0
        and.w   #0x7FFF,%d2
        move.b  %d0,(%a1,%d2.l)
.Lpens_next:
        subq.l  #1,%d1
        bcc.s   .Lpens_loop
        move.l  (%sp)+,%d2
        rts

| ---------------------------------------------------------------------------------------
| u32 pic_cuts(u32 *entries, Cut *boxes, u32 (*heap)[2], u32 n, u32 pens, Bins *bins,
|              const u32 *counts)
|
| quantise::median_cut's loop of cuts: while there are fewer than pens boxes (n now), the
| box most worth cutting is cut (quantise::cut: pic_bin_split, then the partition of its
| axis, then pic_boxed for each part): the lower part replaces it in boxes[i], the upper
| part is appended as box n. Returns the number of boxes. Stops early when no box is worth
| cutting (every worth 0). The box most worth cutting is the top of a heap of (worth, box)
| pairs, n of them (quantise::best scans all the worths: with 240 pens some 29,000 worths
| read, 0.34 M cycles; the heap's two sifts a cut take a few hundred). boxes and heap have
| room for pens entries; the heap holds the n boxes given (n is 0 or 1). A Cut is five
| longs: start, end, pixels, axis, worth. The entries are pic_seen's longs.
|
| The routines it calls keep d2-d7/a2-a6 (C convention); their arguments are written at
| 0(sp) onwards, where the callee finds them at 4(sp) onwards once JSR has pushed the
| return address. The frame (88 bytes):
|   0-27   arguments of the calls (seven longs at most)
|   28-39  the split: axis mask, last value of the lower part, lower part's pixels
|   40-55  the other two components' values: lower part's two, upper part's two
|   56-71  a part's values (three masks) and pixels, for pic_boxed
|   72-79  pic_boxed's answer: axis and worth
|   80     the box's axis
|   84     how many entries the lower part has
| Registers kept across the calls: a2 entries, a3 boxes, a4 heap, a5 bins, d7 n, d6 pens,
| d5 the box's index, d4 its start, d3 its end, d2 its pixels, a6 the box.
        .equ    CUT_ARGS, 0
        .equ    CUT_SPLIT, 28
        .equ    CUT_OTHER, 40
        .equ    CUT_SEEN, 56
        .equ    CUT_OUT, 72
        .equ    CUT_AXIS, 80
        .equ    CUT_LOW, 84
        .equ    CUT_FRAME, 88
| pic_boxed(&seen, &out), from the frame (not a subroutine: the arguments' place is the
| frame's bottom).
        .macro  CUTS_BOXED
        lea     CUT_SEEN(%sp),%a0
        move.l  %a0,0(%sp)
        lea     CUT_OUT(%sp),%a0
        move.l  %a0,4(%sp)
        jsr     pic_boxed
        .endm
        .section .text.pic_cuts,"ax",@progbits
        .balign 4
        .globl  pic_cuts
pic_cuts:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        lea     -CUT_FRAME(%sp),%sp
        move.l  CUT_FRAME+48(%sp),%a2   | entries
        move.l  CUT_FRAME+52(%sp),%a3   | boxes
        move.l  CUT_FRAME+56(%sp),%a4   | heap
        move.l  CUT_FRAME+60(%sp),%d7   | n
        move.l  CUT_FRAME+64(%sp),%d6   | pens
        move.l  CUT_FRAME+68(%sp),%a5   | bins
        move.l  CUT_FRAME+72(%sp),24(%sp)       | counts: pic_bin_split's last argument
.Lcuts_loop:
        cmp.l   %d6,%d7
        bcc     .Lcuts_done             | n >= pens
        tst.l   %d7
        beq     .Lcuts_done             | no box
        tst.l   (%a4)
        beq     .Lcuts_done             | the best worth is 0: none worth cutting
        move.l  4(%a4),%d0
        move.l  %d0,%d5                 | i
        lsl.l   #2,%d0
        lea     (%a3,%d0.l),%a6
        lea     (%a6,%d0.l*4),%a6       | boxes + 20·i
        move.l  (%a6),%d4               | start
        move.l  4(%a6),%d3              | end
        move.l  8(%a6),%d2              | pixels
        move.l  12(%a6),%d0             | axis
        move.l  %d0,CUT_AXIS(%sp)
        | pic_bin_split(entries + start, end - start, bins, 17 + 5·axis, pixels, &split)
        move.l  %d0,%d1
        lsl.l   #2,%d1
        add.l   %d0,%d1
        addq.l  #1,%d1                  | the axis's field offset in an entry
        move.l  %d1,12(%sp)
        lea     (%a2,%d4.l*4),%a0
        move.l  %a0,0(%sp)
        move.l  %d3,%d0
        sub.l   %d4,%d0
        move.l  %d0,4(%sp)
        move.l  %a5,8(%sp)
        move.l  %d2,16(%sp)
        lea     CUT_SPLIT(%sp),%a0
        move.l  %a0,20(%sp)
        jsr     pic_bin_split
        | The partition of the axis (entries + start, end - start, split, &other).
        lea     (%a2,%d4.l*4),%a0
        move.l  %a0,0(%sp)
        move.l  %d3,%d0
        sub.l   %d4,%d0
        move.l  %d0,4(%sp)
        move.l  CUT_SPLIT+4(%sp),8(%sp)
        lea     CUT_OTHER(%sp),%a0
        move.l  %a0,12(%sp)
        move.l  CUT_AXIS(%sp),%d0
        beq.s   .Lcuts_red
        subq.l  #1,%d0
        beq.s   .Lcuts_green
        jsr     pic_partition_blue
        bra.s   .Lcuts_parted
.Lcuts_red:
        jsr     pic_partition_red
        bra.s   .Lcuts_parted
.Lcuts_green:
        jsr     pic_partition_green
.Lcuts_parted:
        move.l  %d0,CUT_LOW(%sp)        | l
        | The values on the axis of each part: the occupied bins up to the split and past it.
        moveq   #2,%d1
        move.l  CUT_SPLIT+4(%sp),%d0
        lsl.l   %d0,%d1
        subq.l  #1,%d1                  | below: bits 0..=split
        move.l  CUT_SPLIT(%sp),%d0      | the axis mask
        and.l   %d1,%d0                 | the lower part's
        move.l  CUT_OTHER(%sp),%d1
        move.l  CUT_OTHER+4(%sp),%a0
        bsr     .Lcuts_seen             | the lower part's masks
        move.l  CUT_SPLIT+8(%sp),CUT_SEEN+12(%sp)       | its pixels
        CUTS_BOXED
        | boxes[i] = (start, start + l, lower pixels, axis, worth), which replaces the top of
        | the heap.
        move.l  CUT_LOW(%sp),%d0
        add.l   %d4,%d0
        move.l  %d0,4(%a6)              | end = start + l (start unchanged)
        move.l  CUT_SPLIT+8(%sp),8(%a6)
        move.l  CUT_OUT(%sp),12(%a6)
        move.l  CUT_OUT+4(%sp),%d0
        move.l  %d0,16(%a6)
        move.l  %d5,%d1
        bsr     .Lheap_down
        | The upper part.
        moveq   #2,%d1
        move.l  CUT_SPLIT+4(%sp),%d0
        lsl.l   %d0,%d1
        subq.l  #1,%d1
        not.l   %d1                     | above the split
        move.l  CUT_SPLIT(%sp),%d0
        and.l   %d1,%d0
        move.l  CUT_OTHER+8(%sp),%d1
        move.l  CUT_OTHER+12(%sp),%a0
        bsr     .Lcuts_seen
        move.l  %d2,%d0
        sub.l   CUT_SPLIT+8(%sp),%d0
        move.l  %d0,CUT_SEEN+12(%sp)    | its pixels: the box's less the lower part's
        CUTS_BOXED
        | boxes[n] = (start + l, end, upper pixels, axis, worth), added to the heap; n += 1.
        move.l  %d7,%d0
        lsl.l   #2,%d0
        lea     (%a3,%d0.l),%a0
        lea     (%a0,%d0.l*4),%a0       | boxes + 20·n
        move.l  CUT_LOW(%sp),%d1
        add.l   %d4,%d1
        move.l  %d1,(%a0)+              | start + l
        move.l  %d3,(%a0)+              | end
        move.l  CUT_SEEN+12(%sp),(%a0)+ | pixels
        move.l  CUT_OUT(%sp),(%a0)+     | axis
        move.l  CUT_OUT+4(%sp),%d0
        move.l  %d0,(%a0)               | worth
        move.l  %d7,%d1
        bsr     .Lheap_up
        addq.l  #1,%d7
        bra     .Lcuts_loop
.Lcuts_done:
        move.l  %d7,%d0
        lea     CUT_FRAME(%sp),%sp
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| Heap subroutines for pic_cuts (local, called with BSR; they call nothing). The heap is a4:
| n pairs of longs (worth, box index), the greatest on top (heap[0]); a pair is greater than
| another if its worth is greater, or the worths are equal and its index greater (the
| last of the best, as quantise::best chooses). Children of k: 2k + 1 and 2k + 2.
|
| .Lheap_down: heap[0] replaced by (d0 worth, d1 index), sifted down among d7 pairs.
| .Lheap_up: (d0 worth, d1 index) appended as heap[d7] and sifted up.
| d0, d1, a0, a1 scratch; the rest kept.
.Lheap_down:
        movem.l %d2-%d6,-(%sp)
        moveq   #0,%d2                  | k
.Lhd_loop:
        move.l  %d2,%d3
        add.l   %d3,%d3
        addq.l  #1,%d3                  | c = 2k + 1
        cmp.l   %d7,%d3
        bcc.s   .Lhd_place              | no child
        lea     (%a4,%d3.l*8),%a0       | heap[c]
        move.l  (%a0),%d4               | its worth
        move.l  4(%a0),%d5              | its index
        move.l  %d3,%d6
        addq.l  #1,%d6
        cmp.l   %d7,%d6
        bcc.s   .Lhd_one                | no second child
        move.l  8(%a0),%a1              | heap[c + 1]'s worth
        cmp.l   %a1,%d4
        bhi.s   .Lhd_one                | c's worth greater
        bcs.s   .Lhd_second             | c + 1's worth greater
        cmp.l   12(%a0),%d5
        bhi.s   .Lhd_one                | equal worths: c's index greater
.Lhd_second:
        move.l  %d6,%d3                 | c + 1
        addq.l  #8,%a0
        move.l  (%a0),%d4
        move.l  4(%a0),%d5
.Lhd_one:
        | child (d4, d5) greater than the item (d0, d1)? Then it moves up.
        cmp.l   %d0,%d4
        bhi.s   .Lhd_up
        bcs.s   .Lhd_place
        cmp.l   %d1,%d5
        bls.s   .Lhd_place
.Lhd_up:
        lea     (%a4,%d2.l*8),%a1
        move.l  %d4,(%a1)+
        move.l  %d5,(%a1)
        move.l  %d3,%d2                 | k = c
        bra.s   .Lhd_loop
.Lhd_place:
        lea     (%a4,%d2.l*8),%a1
        move.l  %d0,(%a1)+
        move.l  %d1,(%a1)
        movem.l (%sp)+,%d2-%d6
        rts

.Lheap_up:
        movem.l %d2-%d5,-(%sp)
        move.l  %d7,%d2                 | k
.Lhu_loop:
        tst.l   %d2
        beq.s   .Lhu_place
        move.l  %d2,%d3
        subq.l  #1,%d3
        lsr.l   #1,%d3                  | p = (k - 1) / 2
        lea     (%a4,%d3.l*8),%a0
        move.l  (%a0),%d4
        move.l  4(%a0),%d5
        | the item (d0, d1) greater than the parent (d4, d5)? Then the parent moves down.
        cmp.l   %d4,%d0
        bhi.s   .Lhu_down
        bcs.s   .Lhu_place
        cmp.l   %d5,%d1
        bls.s   .Lhu_place
.Lhu_down:
        lea     (%a4,%d2.l*8),%a1
        move.l  %d4,(%a1)+
        move.l  %d5,(%a1)
        move.l  %d3,%d2
        bra.s   .Lhu_loop
.Lhu_place:
        lea     (%a4,%d2.l*8),%a1
        move.l  %d0,(%a1)+
        move.l  %d1,(%a1)
        movem.l (%sp)+,%d2-%d5
        rts

| A part's three masks into the frame's seen (a local subroutine, which calls nothing: the
| frame is 4 bytes further up the stack while it runs): d0 the axis's values, d1 and a0 the
| other two components' values in order (quantise::cut's `masks`). a1 scratch.
.Lcuts_seen:
        lea     CUT_SEEN+4(%sp),%a1
        tst.l   CUT_AXIS+4(%sp)
        beq.s   .Lseen_red
        cmpi.l  #1,CUT_AXIS+4(%sp)
        beq.s   .Lseen_green
        move.l  %d1,(%a1)+              | blue: red, green, blue
        move.l  %a0,(%a1)+
        move.l  %d0,(%a1)
        rts
.Lseen_red:
        move.l  %d0,(%a1)+              | red, green, blue
        move.l  %d1,(%a1)+
        move.l  %a0,(%a1)
        rts
.Lseen_green:
        move.l  %d1,(%a1)+              | red, green, blue
        move.l  %d0,(%a1)+
        move.l  %a0,(%a1)
        rts

| ---------------------------------------------------------------------------------------
| u32 pic_adler32(u32 adler, const u8 *data, u32 n)
|
| png::adler32: the zlib checksum of `n` more bytes, s1 = 1 + the bytes, s2 = the sum of the
| s1s, both modulo 65521; `adler` is s2 << 16 | s1 so far. The sums are reduced every 5552
| bytes (zlib's NMAX: the most after which s2 still fits 32 bits), eight bytes a turn.
        .section .text.pic_adler32,"ax",@progbits
        .balign 4
        .globl  pic_adler32
pic_adler32:
        movem.l %d2-%d5,-(%sp)          | 16 bytes
        move.l  20(%sp),%d0             | adler
        move.l  24(%sp),%a0             | data
        move.l  28(%sp),%d4             | n: bytes left
        moveq   #0,%d1
        move.w  %d0,%d1                 | s1
        clr.w   %d0
        swap    %d0                     | s2
        moveq   #0,%d2                  | the byte (bits 8-31 stay 0)
.Lad_block:
        tst.l   %d4
        beq.s   .Lad_done
        move.l  #5552,%d5
        cmp.l   %d5,%d4
        bcc.s   .Lad_full
        move.l  %d4,%d5                 | the last block: what is left
.Lad_full:
        sub.l   %d5,%d4
        move.l  %d5,%d3
        and.l   #7,%d3                  | single bytes
        lsr.l   #3,%d5                  | turns of eight
        bra.s   .Lad_eight_next
.Lad_eight:
        .rept   8
        move.b  (%a0)+,%d2
        add.l   %d2,%d1
        add.l   %d1,%d0
        .endr
.Lad_eight_next:
        dbra    %d5,.Lad_eight
        bra.s   .Lad_one_next
.Lad_one:
        move.b  (%a0)+,%d2
        add.l   %d2,%d1
        add.l   %d1,%d0
.Lad_one_next:
        dbra    %d3,.Lad_one
        divul.l #65521,%d3:%d1          | d3 = s1 mod 65521
        move.l  %d3,%d1
        divul.l #65521,%d3:%d0          | d3 = s2 mod 65521
        move.l  %d3,%d0
        bra.s   .Lad_block
.Lad_done:
        swap    %d0
        move.w  %d1,%d0                 | s2 << 16 | s1 (s2 < 65536: its upper word was 0)
        movem.l (%sp)+,%d2-%d5
        rts
