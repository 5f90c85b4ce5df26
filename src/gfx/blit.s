| The blitters of src/gfx/blit.rs for the 68030: the inner loops of every drawing primitive
| on interleaved bitplanes. Each routine carries out one job, a repr(C) struct that the shared
| Rust code computed and checked (blit.rs defines every field and gives the portable Rust
| version this code follows word for word); the offsets below are those of the structs.
|
| A group is 16 pixels: 8 words, plane 0 first. Two planes are handled at once as a long,
| so a plane mask m is the long m:m and a pen 4 longs (its pattern).
|
| C calling convention: arguments at 4(sp), 8(sp), 12(sp); d0-d1/a0-a1 free, d2-d7/a2-a6
| preserved. Each routine has a section of its own, so a program that does not draw links
| none of them (--gc-sections).

| ---------------------------------------------------------------------------------------
| void gfx_fill(const FillJob *job, u16 *dst)
|
| FillJob: 0 first (words), 4 stride (words), 8 rows, 12 left, 16 mid, 20 right,
|          24 left_keep, 28 right_keep, 32 left_set[4], 48 right_set[4], 64 pattern[4].
| Registers: a0 job, a1 row, a6 walks the row, d2 rows left, d3 stride in bytes,
|            d4-d7/a2-a5 the pattern twice (one MOVEM of 32 bytes = 2 groups).
        .section .text.gfx_fill,"ax",@progbits
        .balign 4
        .globl  gfx_fill
gfx_fill:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  8(%a0),%d2              | rows
        beq     .Lfill_done
        move.l  (%a0),%d0
        lea     (%a1,%d0.l*2),%a1       | first group of the first row
        move.l  4(%a0),%d3
        add.l   %d3,%d3
        movem.l 64(%a0),%d4-%d7
        move.l  %d4,%a2
        move.l  %d5,%a3
        move.l  %d6,%a4
        move.l  %d7,%a5
.Lfill_row:
        move.l  %a1,%a6
        tst.l   12(%a0)
        beq.s   .Lfill_mid
        move.l  24(%a0),%d1             | partial first group: keep, then set
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    32(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    36(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    40(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    44(%a0),%d0
        move.l  %d0,(%a6)+
.Lfill_mid:
        move.l  16(%a0),%d1             | whole groups: one, then pairs, then fours
        lsr.l   #1,%d1
        bcc.s   1f
        movem.l %d4-%d7,(%a6)
        lea     16(%a6),%a6
1:      lsr.l   #1,%d1
        bcc.s   3f
        movem.l %d4-%d7/%a2-%a5,(%a6)
        lea     32(%a6),%a6
        bra.s   3f
2:      movem.l %d4-%d7/%a2-%a5,(%a6)
        movem.l %d4-%d7/%a2-%a5,32(%a6)
        lea     64(%a6),%a6
3:      subq.l  #1,%d1
        bcc.s   2b
        tst.l   20(%a0)
        beq.s   .Lfill_next
        move.l  28(%a0),%d1             | partial last group
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    48(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    52(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    56(%a0),%d0
        move.l  %d0,(%a6)+
        move.l  (%a6),%d0
        and.l   %d1,%d0
        or.l    60(%a0),%d0
        move.l  %d0,(%a6)
.Lfill_next:
        add.l   %d3,%a1
        subq.l  #1,%d2
        bne     .Lfill_row
.Lfill_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_span(const SpanJob *job, u16 *dst)
|
| SpanJob: 0 first, 4 stride, 8 rows, 12 groups, 16 left_mask, 20 right_mask, 24 pen.
| Builds on the stack the FillJob that SpanJob::fill_job (blit.rs) defines and runs gfx_fill
| on it: the pen's pattern, the partial groups' keep and set longs, the whole groups between.
| Registers: a0 the span, a1 the FillJob (80 bytes at sp), a2 walks the pattern, d2 left,
| d3 groups, then whole groups, d4 right.
        .section .text.gfx_span,"ax",@progbits
        .balign 4
        .globl  gfx_span
gfx_span:
        movem.l %d2-%d4/%a2,-(%sp)      | 16 bytes
        lea     -80(%sp),%sp
        move.l  100(%sp),%a0            | the span (80 + 16 + the return address)
        move.l  %sp,%a1
        move.l  (%a0),(%a1)             | first
        move.l  4(%a0),4(%a1)           | stride
        move.l  8(%a0),8(%a1)           | rows
        move.l  24(%a0),%d0             | the pattern: long k = planes 2k:2k+1 of the pen
        lea     64(%a1),%a2
        moveq   #3,%d3
1:      moveq   #0,%d1
        lsr.l   #1,%d0
        bcc.s   2f
        move.l  #0xFFFF0000,%d1
2:      lsr.l   #1,%d0
        bcc.s   3f
        move.w  #-1,%d1
3:      move.l  %d1,(%a2)+
        dbf     %d3,1b
        moveq   #0,%d2                  | left: a partial first group unless its mask is whole
        move.l  16(%a0),%d0
        cmp.w   #-1,%d0
        beq.s   .Lspan_right
        moveq   #1,%d2
        move.w  %d0,%d1                 | m:m
        swap    %d1
        move.w  %d0,%d1
        move.l  %d1,%d0
        not.l   %d0
        move.l  %d0,24(%a1)             | left_keep
        move.l  64(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,32(%a1)             | left_set[0..4]
        move.l  68(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,36(%a1)
        move.l  72(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,40(%a1)
        move.l  76(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,44(%a1)
.Lspan_right:
        moveq   #0,%d4                  | right: with two groups or more, unless whole
        move.l  12(%a0),%d3
        moveq   #1,%d0
        cmp.l   %d0,%d3
        bls.s   .Lspan_mid
        move.l  20(%a0),%d0
        cmp.w   #-1,%d0
        beq.s   .Lspan_mid
        moveq   #1,%d4
        move.w  %d0,%d1
        swap    %d1
        move.w  %d0,%d1
        move.l  %d1,%d0
        not.l   %d0
        move.l  %d0,28(%a1)             | right_keep
        move.l  64(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,48(%a1)             | right_set[0..4]
        move.l  68(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,52(%a1)
        move.l  72(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,56(%a1)
        move.l  76(%a1),%d0
        and.l   %d1,%d0
        move.l  %d0,60(%a1)
.Lspan_mid:
        move.l  %d2,12(%a1)             | left
        move.l  %d4,20(%a1)             | right
        sub.l   %d2,%d3
        sub.l   %d4,%d3
        move.l  %d3,16(%a1)             | mid: the groups between
        move.l  104(%sp),-(%sp)         | dst
        pea     4(%sp)                  | the FillJob
        jsr     gfx_fill
        addq.l  #8,%sp
        lea     80(%sp),%sp
        movem.l (%sp)+,%d2-%d4/%a2
        rts

| ---------------------------------------------------------------------------------------
| void gfx_copy(const CopyJob *job, const u16 *src, u16 *dst)
|
| CopyJob: 0 src (words), 4 dst (words), 8 src_stride, 12 dst_stride (signed words),
|          16 rows, 20 groups, 24 left_mask, 28 right_mask, 32 backward.
| Registers: a0 job, a1/a2 source/destination row, a3/a4 their walkers, d0 groups left,
|            d1-d7/a6 one MOVEM of 32 bytes (or scratch for a masked group), rows left on
|            the stack.

| One masked group, forward: d4 the mask (m:m). Uses d1-d3/d5.
        .macro  COPY_MASKED_FWD
        move.l  %d4,%d5
        not.l   %d5
        bne.s   1f
        movem.l (%a3)+,%d1-%d3/%d5      | whole group
        movem.l %d1-%d3/%d5,(%a4)
        lea     16(%a4),%a4
        bra.s   2f
1:      .rept   4
        move.l  (%a3)+,%d1
        and.l   %d4,%d1
        move.l  (%a4),%d2
        and.l   %d5,%d2
        or.l    %d1,%d2
        move.l  %d2,(%a4)+
        .endr
2:
        .endm

| One masked group, backward (walkers after the group). The same registers.
        .macro  COPY_MASKED_BWD
        move.l  %d4,%d5
        not.l   %d5
        bne.s   1f
        lea     -16(%a3),%a3            | whole group
        movem.l (%a3),%d1-%d3/%d5
        movem.l %d1-%d3/%d5,-(%a4)
        bra.s   2f
1:      .rept   4
        move.l  -(%a3),%d1
        and.l   %d4,%d1
        move.l  -(%a4),%d2
        and.l   %d5,%d2
        or.l    %d1,%d2
        move.l  %d2,(%a4)
        .endr
2:
        .endm

| PLOT_GROUP: the pixels under mask d0 of the group at a0 get pen d2 (d1 and d3 are used);
| a0 ends on the next group. One read-modify-write per plane (gfx_pixels, gfx_line).
        .macro PLOT_GROUP
        move.w  %d0,%d1
        not.w   %d1
        move.l  %d2,%d3
        .rept   8
        lsr.b   #1,%d3                  | this plane's bit of the pen
        bcc.s   1f
        or.w    %d0,(%a0)+
        bra.s   2f
1:      and.w   %d1,(%a0)+
2:
        .endr
        .endm

| ---------------------------------------------------------------------------------------
| void gfx_pixels(u16 *group, u32 masks, u32 pen)
|
| Pixels of one line in one or two neighbouring groups: the first group (at `group`) gets the
| pen under the high word of `masks`, the next one under the low word unless it is 0. A
| polygon's row or a line's run at puzzle sizes: a job would cost more to set up than these
| 8 or 16 read-modify-writes. Registers: a0 the plane word, d0 the mask, d1 its complement,
| d2 the pen, d3 the pen's bits still to use.
        .section .text.gfx_pixels,"ax",@progbits
        .balign 4
        .globl  gfx_pixels
gfx_pixels:
        movem.l %d2-%d3,-(%sp)          | 8 bytes
        move.l  12(%sp),%a0
        move.l  16(%sp),%d0
        move.l  20(%sp),%d2
        swap    %d0                     | the first group's mask
        bsr.s   .Lpixels_group
        swap    %d0                     | the second group's
        tst.w   %d0
        beq.s   1f
        bsr.s   .Lpixels_group
1:      movem.l (%sp)+,%d2-%d3
        rts
.Lpixels_group:
        PLOT_GROUP
        rts

        .section .text.gfx_copy,"ax",@progbits
        .balign 4
        .globl  gfx_copy
gfx_copy:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%a2
        move.l  16(%a0),-(%sp)          | rows
        beq     .Lcopy_done
        move.l  (%a0),%d0
        lea     (%a1,%d0.l*2),%a1
        move.l  4(%a0),%d0
        lea     (%a2,%d0.l*2),%a2
.Lcopy_row:
        move.l  20(%a0),%d0
        tst.l   32(%a0)
        bne     .Lcopy_backward
        move.l  %a1,%a3
        move.l  %a2,%a4
        move.l  24(%a0),%d4             | first group
        COPY_MASKED_FWD
        subq.l  #1,%d0
        beq     .Lcopy_next
        subq.l  #1,%d0                  | whole groups between first and last
        lsr.l   #1,%d0
        bcc.s   1f
        movem.l (%a3)+,%d1-%d4
        movem.l %d1-%d4,(%a4)
        lea     16(%a4),%a4
1:      bra.s   3f
2:      movem.l (%a3)+,%d1-%d7/%a6
        movem.l %d1-%d7/%a6,(%a4)
        lea     32(%a4),%a4
3:      subq.l  #1,%d0
        bcc.s   2b
        move.l  28(%a0),%d4             | last group
        COPY_MASKED_FWD
        bra     .Lcopy_next
.Lcopy_backward:
        move.l  %d0,%d1                 | walkers after the row's last group
        lsl.l   #4,%d1
        lea     (%a1,%d1.l),%a3
        lea     (%a2,%d1.l),%a4
        subq.l  #1,%d0
        beq     .Lcopy_first_bwd
        move.l  28(%a0),%d4             | last group
        COPY_MASKED_BWD
        subq.l  #1,%d0
        lsr.l   #1,%d0
        bcc.s   1f
        lea     -16(%a3),%a3
        movem.l (%a3),%d1-%d4
        movem.l %d1-%d4,-(%a4)
1:      bra.s   3f
2:      lea     -32(%a3),%a3
        movem.l (%a3),%d1-%d7/%a6
        movem.l %d1-%d7/%a6,-(%a4)
3:      subq.l  #1,%d0
        bcc.s   2b
.Lcopy_first_bwd:
        move.l  24(%a0),%d4             | first group
        COPY_MASKED_BWD
.Lcopy_next:
        move.l  8(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a1
        move.l  12(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a2
        subq.l  #1,(%sp)
        bne     .Lcopy_row
.Lcopy_done:
        addq.l  #4,%sp
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_copy_shifted(const ShiftJob *job, const u16 *src, u16 *dst)
|
| ShiftJob: 0 src (signed words: S[0]), 4 dst, 8 src_stride, 12 dst_stride, 16 rows,
|           20 groups, 24 shift, 28 left_mask, 32 right_mask, 36 read_first, 40 read_last,
|           44 backward.
| One plane of one row at a time. Forward, d0 = prev:next and the word is the low half of
| d0 >> (16 - shift); backward, d0 = right:left and the word is the low half of d0 rotated
| left by shift (the top bits of `right` come round to the bottom).
| Registers: a0 job, a1/a2 source/destination row, a3/a4 walkers, d0 the pair, d1 the word,
|            d2 words left, d3 mask, d4 shift count, d5 plane offset (bytes), d7 rows left.

| The word in d1 goes to (a4) under the mask at offset \off of the job.
        .macro  SHIFT_STORE_MASKED off
        move.l  \off(%a0),%d3
        and.w   %d3,%d1
        not.w   %d3
        and.w   (%a4),%d3
        or.w    %d1,%d3
        move.w  %d3,(%a4)
        .endm

        .section .text.gfx_copy_shifted,"ax",@progbits
        .balign 4
        .globl  gfx_copy_shifted
gfx_copy_shifted:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%a2
        move.l  16(%a0),%d7
        beq     .Lshift_done
        move.l  (%a0),%d0
        lea     (%a1,%d0.l*2),%a1       | may lie before the buffer: then S[0] is not read
        move.l  4(%a0),%d0
        lea     (%a2,%d0.l*2),%a2
        move.l  24(%a0),%d4
        tst.l   44(%a0)
        bne.s   .Lshift_row
        neg.l   %d4                     | forward: shift right by 16 - shift
        add.l   #16,%d4
.Lshift_row:
        moveq   #0,%d5
.Lshift_plane:
        tst.l   44(%a0)
        bne     .Lshift_plane_bwd
        lea     (%a1,%d5.l),%a3         | S[0]
        lea     (%a2,%d5.l),%a4         | D[0]
        moveq   #0,%d0
        tst.l   36(%a0)
        beq.s   1f
        move.w  (%a3),%d0
1:      lea     16(%a3),%a3             | S[1]
        move.l  20(%a0),%d2
        subq.l  #1,%d2                  | words before the last
        beq.s   .Lshift_last_fwd
        swap    %d0                     | first word
        move.w  (%a3),%d0
        lea     16(%a3),%a3
        move.l  %d0,%d1
        lsr.l   %d4,%d1
        SHIFT_STORE_MASKED 28
        lea     16(%a4),%a4
        subq.l  #1,%d2
        bra.s   3f
2:      swap    %d0                     | whole words
        move.w  (%a3),%d0
        lea     16(%a3),%a3
        move.l  %d0,%d1
        lsr.l   %d4,%d1
        move.w  %d1,(%a4)
        lea     16(%a4),%a4
3:      subq.l  #1,%d2
        bcc.s   2b
.Lshift_last_fwd:
        swap    %d0
        clr.w   %d0
        tst.l   40(%a0)
        beq.s   4f
        move.w  (%a3),%d0
4:      move.l  %d0,%d1
        lsr.l   %d4,%d1
        SHIFT_STORE_MASKED 32
        bra     .Lshift_plane_next
.Lshift_plane_bwd:
        move.l  20(%a0),%d2
        move.l  %d2,%d1
        lsl.l   #4,%d1
        lea     (%a1,%d5.l),%a3
        add.l   %d1,%a3                 | S[groups]
        lea     -16(%a2,%d5.l),%a4
        add.l   %d1,%a4                 | D[groups - 1]
        moveq   #0,%d0
        tst.l   40(%a0)
        beq.s   1f
        move.w  (%a3),%d0
1:      lea     -16(%a3),%a3            | S[groups - 1]
        subq.l  #1,%d2                  | words after the first
        beq.s   .Lshift_first_bwd
        swap    %d0                     | last word
        move.w  (%a3),%d0
        lea     -16(%a3),%a3
        move.l  %d0,%d1
        rol.l   %d4,%d1
        SHIFT_STORE_MASKED 32
        lea     -16(%a4),%a4
        subq.l  #1,%d2
        bra.s   3f
2:      swap    %d0                     | whole words
        move.w  (%a3),%d0
        lea     -16(%a3),%a3
        move.l  %d0,%d1
        rol.l   %d4,%d1
        move.w  %d1,(%a4)
        lea     -16(%a4),%a4
3:      subq.l  #1,%d2
        bcc.s   2b
.Lshift_first_bwd:
        swap    %d0
        clr.w   %d0
        tst.l   36(%a0)
        beq.s   4f
        move.w  (%a3),%d0
4:      move.l  %d0,%d1
        rol.l   %d4,%d1
        SHIFT_STORE_MASKED 28
.Lshift_plane_next:
        addq.l  #2,%d5
        cmp.l   #16,%d5
        bne     .Lshift_plane
        move.l  8(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a1
        move.l  12(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a2
        subq.l  #1,%d7
        bne     .Lshift_row
.Lshift_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_sprite(const SpriteJob *job, const u16 *sprite, u16 *dst)
|
| SpriteJob: 0 src (words), 4 dst (words), 8 src_stride, 12 dst_stride (words), 16 rows,
|            20 groups, 24 shift, 28 left_mask, 32 right_mask.
| A sprite group is 9 words (18 bytes): planes 0-7, then the mask. The pair of words of
| plane p for destination group i lies at 2p and 2p + 18 from the walker.
| Registers: a0 job, a1/a2 sprite/destination row, a3/a4 walkers, d0 mask, d1 its
|            complement, d2/d3 scratch, d4 edge mask, d5 groups left, d6 rows left,
|            d7 = 16 - shift.
        .section .text.gfx_sprite,"ax",@progbits
        .balign 4
        .globl  gfx_sprite
gfx_sprite:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%a2
        move.l  16(%a0),%d6
        beq     .Lsprite_done
        move.l  (%a0),%d0
        lea     (%a1,%d0.l*2),%a1
        move.l  4(%a0),%d0
        lea     (%a2,%d0.l*2),%a2
        moveq   #16,%d7
        sub.l   24(%a0),%d7
.Lsprite_row:
        move.l  %a1,%a3
        move.l  %a2,%a4
        move.l  20(%a0),%d5
        move.l  28(%a0),%d4             | first group: the left edge
.Lsprite_group:
        cmp.l   #1,%d5
        bne.s   1f
        move.l  32(%a0),%d4             | last group: the right edge
1:      move.w  16(%a3),%d0             | the mask
        swap    %d0
        move.w  34(%a3),%d0
        lsr.l   %d7,%d0
        and.w   %d4,%d0
        beq     .Lsprite_skip
        move.w  %d0,%d1
        not.w   %d1
        .irp    p,0,2,4,6,8,10,12,14
        move.w  \p(%a3),%d2
        swap    %d2
        move.w  \p+18(%a3),%d2
        lsr.l   %d7,%d2
        and.w   %d0,%d2
        move.w  (%a4),%d3
        and.w   %d1,%d3
        or.w    %d2,%d3
        move.w  %d3,(%a4)+
        .endr
        bra.s   .Lsprite_step
.Lsprite_skip:
        lea     16(%a4),%a4
.Lsprite_step:
        lea     18(%a3),%a3
        moveq   #-1,%d4                 | groups after the first: no edge
        subq.l  #1,%d5
        bne     .Lsprite_group
        move.l  8(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a1
        move.l  12(%a0),%d0
        add.l   %d0,%d0
        add.l   %d0,%a2
        subq.l  #1,%d6
        bne     .Lsprite_row
.Lsprite_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_narrow(const NarrowJob *job, const u32 *src, u16 *dst)
|
| NarrowJob: 0 dst (words, signed), 4 dst_stride (words), 8 rows, 12 shift, 16 groups.
| A row of the sprite is 9 longs (36 bytes): planes 0-7, then the mask, bit 31 the first
| pixel. Shifted right by s, a long's high word goes to group 0, its low word to group 1;
| shifted left by 16 - s, its low word goes to group 2. Plane bits lie under the mask, so a
| word becomes (w & ~m) | bits. Groups 0 and 1 both written (the usual case): two planes at
| a time, as the longs of two planes the groups hold; one of them: word by word.
| Registers: a0 job, a1/a2 sprite/destination row (group 0), a3 the one group's words,
|            a4 stride in bytes, a5 the one group's offset in bytes, a6 the row's code for
|            groups 0-1, d0/d1 masks' complements, d2/d3 planes, d4 scratch (two groups)
|            or the one group's shift (s + 16 for group 0, s for 1), d5 16 - s, d6 rows
|            left, d7 s.
        .section .text.gfx_narrow,"ax",@progbits
        .balign 4
        .globl  gfx_narrow
gfx_narrow:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%a2
        move.l  8(%a0),%d6              | rows
        beq     .Lnarrow_done
        move.l  (%a0),%d0
        lea     (%a2,%d0.l*2),%a2       | group 0 of the first row
        move.l  4(%a0),%d0
        add.l   %d0,%d0
        move.l  %d0,%a4
        move.l  12(%a0),%d7             | s
        moveq   #16,%d5
        sub.l   %d7,%d5                 | 16 - s
        moveq   #3,%d0
        and.l   16(%a0),%d0             | groups 0-1
        lea     .Lnarrow_pair(%pc),%a6
        cmp.l   #3,%d0
        beq.s   .Lnarrow_row
        lea     .Lnarrow_two(%pc),%a6   | neither: straight to group 2
        tst.l   %d0
        beq.s   .Lnarrow_row
        lea     .Lnarrow_one(%pc),%a6
        move.l  %d7,%d4                 | group 1: the low word of >> s
        move.w  #16,%a5
        subq.l  #1,%d0
        bne.s   .Lnarrow_row
        moveq   #16,%d4                 | group 0: the low word of >> s + 16
        add.l   %d7,%d4
        sub.l   %a5,%a5
.Lnarrow_row:
        jmp     (%a6)

.Lnarrow_pair:
        move.l  32(%a1),%d1             | the mask: m0:m1
        lsr.l   %d7,%d1
        beq     .Lnarrow_two
        move.l  %d1,%d0
        swap    %d0
        move.w  %d0,%d1                 | d1 = m0:m0
        move.l  %d1,%d2
        swap    %d0                     | d0 = m0:m1
        move.w  %d0,%d2
        swap    %d2
        move.w  %d0,%d2                 | d2 = m1:m1
        move.l  %d1,%d0
        not.l   %d0                     | d0 = group 0's keep mask
        move.l  %d2,%d1
        not.l   %d1                     | d1 = group 1's
        .irp    p,0,2,4,6
        move.l  4*\p(%a1),%d2           | plane p: A0:A1
        lsr.l   %d7,%d2
        move.l  4*\p+4(%a1),%d3         | plane p + 1: B0:B1
        lsr.l   %d7,%d3
        move.w  %d2,%d4                 | A1
        swap    %d3                     | B1:B0
        move.w  %d3,%d2                 | A0:B0, group 0's long
        move.w  %d4,%d3
        swap    %d3                     | A1:B1, group 1's long
        move.l  2*\p(%a2),%d4
        and.l   %d0,%d4
        or.l    %d2,%d4
        move.l  %d4,2*\p(%a2)
        move.l  16+2*\p(%a2),%d4
        and.l   %d1,%d4
        or.l    %d3,%d4
        move.l  %d4,16+2*\p(%a2)
        .endr
        bra     .Lnarrow_two

.Lnarrow_one:
        move.l  32(%a1),%d0             | the mask's bits in the group: the low word
        lsr.l   %d4,%d0
        tst.w   %d0
        beq     .Lnarrow_two
        move.w  %d0,%d1
        not.w   %d1
        lea     (%a2,%a5.l),%a3
        .irp    p,0,1,2,3,4,5,6,7
        move.l  4*\p(%a1),%d2
        lsr.l   %d4,%d2
        move.w  2*\p(%a3),%d3
        and.w   %d1,%d3
        or.w    %d2,%d3
        move.w  %d3,2*\p(%a3)
        .endr

.Lnarrow_two:
        btst    #2,19(%a0)              | group 2: the low word of << 16 - s
        beq     .Lnarrow_next
        move.l  32(%a1),%d0
        lsl.l   %d5,%d0
        tst.w   %d0
        beq     .Lnarrow_next
        move.w  %d0,%d1
        not.w   %d1
        .irp    p,0,1,2,3,4,5,6,7
        move.l  4*\p(%a1),%d2
        lsl.l   %d5,%d2
        move.w  32+2*\p(%a2),%d3
        and.w   %d1,%d3
        or.w    %d2,%d3
        move.w  %d3,32+2*\p(%a2)
        .endr
.Lnarrow_next:
        lea     36(%a1),%a1
        add.l   %a4,%a2
        subq.l  #1,%d6
        bne     .Lnarrow_row
.Lnarrow_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_stencil(const StencilJob *job, const u16 *masks, u16 *dst)
|
| StencilJob: 0 dst (words), 4 dst_stride (words), 8 rows, 12 groups, 16 mask_stride
|             (words), 20 pattern[4].
| Each long of a group becomes d ^ ((d ^ pattern) & m): the pen where the mask is set.
| Registers: a0 job, a1/a2 mask/destination row, a3/a4 walkers, a5 end of the mask row,
|            d0 mask (m:m), d1 rows left, d2/d3 scratch, d4-d7 the pattern.
        .section .text.gfx_stencil,"ax",@progbits
        .balign 4
        .globl  gfx_stencil
gfx_stencil:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%a2
        move.l  8(%a0),%d1
        beq     .Lstencil_done
        move.l  (%a0),%d0
        lea     (%a2,%d0.l*2),%a2
        movem.l 20(%a0),%d4-%d7
.Lstencil_row:
        move.l  %a1,%a3
        move.l  %a2,%a4
        move.l  12(%a0),%d0
        lea     (%a1,%d0.l*2),%a5
.Lstencil_group:
        move.w  (%a3)+,%d0
        beq.s   .Lstencil_skip
        move.w  %d0,%d2
        swap    %d0
        move.w  %d2,%d0
        .irp    reg,%d4,%d5,%d6,%d7
        move.l  (%a4),%d2
        move.l  %d2,%d3
        eor.l   \reg,%d3
        and.l   %d0,%d3
        eor.l   %d3,%d2
        move.l  %d2,(%a4)+
        .endr
        bra.s   .Lstencil_step
.Lstencil_skip:
        lea     16(%a4),%a4
.Lstencil_step:
        cmp.l   %a5,%a3
        bne.s   .Lstencil_group
        move.l  16(%a0),%d0
        lea     (%a1,%d0.l*2),%a1
        move.l  4(%a0),%d0
        lea     (%a2,%d0.l*2),%a2
        subq.l  #1,%d1
        bne     .Lstencil_row
.Lstencil_done:
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| ---------------------------------------------------------------------------------------
| void gfx_line(const LineJob *job, u16 *dst)
|
| LineJob: 0 row, 4 group, 8 mask, 12 count, 16 steep, 20 x_step, 24 row_step, 28 t,
|          32 inc, 36 limit, 40 pen.
| A line's pixels, Bresenham's walk (blit.rs, `LineJob`): four loops, one per kind of step
| (x or a row along the major axis, right or left), so that nothing is decided per pixel but
| the minor step. Registers: a0 the pixel's group, d0 its mask, d1 the mask's complement,
| d2 the pen, d3 the pen's bits still to use, d4 pixels left, d5 t, d6 inc, d7 limit,
| a1 the row step in bytes.
        .macro LINE_PLOT
        PLOT_GROUP
        lea     -16(%a0),%a0
        .endm

        .section .text.gfx_line,"ax",@progbits
        .balign 4
        .globl  gfx_line
gfx_line:
        movem.l %d2-%d7/%a2,-(%sp)      | 28 bytes
        move.l  32(%sp),%a2
        move.l  36(%sp),%a0
        move.l  (%a2),%d0
        add.l   4(%a2),%d0
        lea     (%a0,%d0.l*2),%a0       | the first pixel's group
        move.l  8(%a2),%d0
        move.l  12(%a2),%d4
        move.l  24(%a2),%d1
        add.l   %d1,%d1
        move.l  %d1,%a1
        move.l  28(%a2),%d5
        move.l  32(%a2),%d6
        move.l  36(%a2),%d7
        move.l  40(%a2),%d2
        tst.l   16(%a2)
        bne     .Lline_steep
        tst.l   20(%a2)
        bmi     .Lline_shallow_left
.Lline_shallow_right:
        LINE_PLOT
        subq.l  #1,%d4
        beq     .Lline_done
        ror.w   #1,%d0                  | one pixel right
        bcc.s   1f
        lea     16(%a0),%a0             | into the next group
1:      add.l   %d6,%d5
        cmp.l   %d7,%d5
        blt     .Lline_shallow_right
        sub.l   %d7,%d5
        adda.l  %a1,%a0                 | and a row
        bra     .Lline_shallow_right
.Lline_shallow_left:
        LINE_PLOT
        subq.l  #1,%d4
        beq     .Lline_done
        rol.w   #1,%d0                  | one pixel left
        bcc.s   1f
        lea     -16(%a0),%a0
1:      add.l   %d6,%d5
        cmp.l   %d7,%d5
        blt     .Lline_shallow_left
        sub.l   %d7,%d5
        adda.l  %a1,%a0
        bra     .Lline_shallow_left
.Lline_steep:
        tst.l   20(%a2)
        bmi     .Lline_steep_left
.Lline_steep_right:
        LINE_PLOT
        subq.l  #1,%d4
        beq     .Lline_done
        adda.l  %a1,%a0                 | one row
        add.l   %d6,%d5
        cmp.l   %d7,%d5
        blt     .Lline_steep_right
        sub.l   %d7,%d5
        ror.w   #1,%d0                  | and one pixel right
        bcc     .Lline_steep_right
        lea     16(%a0),%a0
        bra     .Lline_steep_right
.Lline_steep_left:
        LINE_PLOT
        subq.l  #1,%d4
        beq     .Lline_done
        adda.l  %a1,%a0
        add.l   %d6,%d5
        cmp.l   %d7,%d5
        blt     .Lline_steep_left
        sub.l   %d7,%d5
        rol.w   #1,%d0
        bcc     .Lline_steep_left
        lea     -16(%a0),%a0
        bra     .Lline_steep_left
.Lline_done:
        movem.l (%sp)+,%d2-%d7/%a2
        rts
