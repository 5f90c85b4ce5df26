| The RUL engine's instructions (src/rul/instructions.rs) for the 68030, by hand.
|
| rul_run68k(vars, base, w) runs a phase: the prepared program base from word w with empty
| stacks, its operations counted from 0 in Vm::steps, until EXIT (returns 0; the count is
| also added to Vm::total_steps) or until an instruction it leaves to Rust (returns 1): one it does not
| implement, or one that would fail or run out of memory. Such an instruction is handed
| back before it changes anything, with the registers saved in the words before V[0]
| (Vm::aux), and exec::step executes it exactly; rul_resume68k(vars) goes on from there. So
| this file never decides a failure. src/rul/exec.rs defines what every instruction does.
|
| Registers while running:
|   d0 acc             d6 last (the statement value $51 returns)
|   d7 operations left in the budget (Vm::budget − Vm::steps; Vm::steps is written when
|      the assembly stops)
|   d4 the board's cells (4 bytes each: colour, pattern, marks, 0)
|   d5 the prepared program (return offsets in frames are relative to it)
|   a2 the handlers' base: each instruction's first word is its handler's offset
|   a3 frame stack (grows down)     a4 value stack (grows down)
|   a5 V[0]: the aux words before it hold the stacks' limits, the fields after it the
|      piece, the step count, the board... (V_* below)
|   a6 instruction pointer          d1-d3, a0-a1 scratch
| C calling convention: arguments from 4(sp), result in d0, d2-d7/a2-a6 preserved.

        .text

| Vm::aux, relative to V[0] (src/rul/exec68k.rs, A_*): the registers between runs...
        .set    A_ACC, -56
        .set    A_LAST, -52
        .set    A_IP, -48
        .set    A_VP, -44
        .set    A_FP, -40
        .set    A_BASE, -36             | the prepared program
| ...and the stacks' limits, which do not change while the stacks stay in place.
        .set    A_MINVP, -32            | lowest a4 seen at a call
        .set    A_MINFP, -28            | lowest a3 seen at a call or iteration
        .set    A_ITERMIN, -24          | lowest a3 an iteration may start from
        .set    A_VALMIN, -20           | lowest a4 a call may start from
        .set    A_CALLMIN, -16          | lowest a3 a call may start from
        .set    A_FRAMES_END, -12       | top of the (empty) frame stack
        .set    A_VALUES_END, -8        | top of the (empty) value stack
|       (-4: the frame stack they were computed for, read by Rust only)

| The machine's own fields after V[0] (struct Vm and struct Board are repr(C); src/rul/
| exec68k.rs checks these offsets when it is built), read and written in place.
        .set    V_PIECE, 256            | the piece's cell ids (5 longs)
        .set    V_NEXTV, 276            | V[0..8] after the last phase A (9 longs)
        .set    V_FALL, 312             | the fall period (a long)
        .set    V_RNG, 316              | the random generator's state (a long)
        .set    V_STEPS, 320            | operations of the phase (a long)...
        .set    V_BUDGET, 324           | ...and how many it may execute
        .set    V_TOTAL, 328            | operations since the machine's creation (64 bits)
        .set    V_PIECELEN, 336         | hexagons of the piece (a byte)
        .set    V_RADAR, 337            | the radar is on (a byte: 0 or 1)
        .set    V_PAUSED, 338           | in game pause (a byte: 0 or 1)
        .set    V_RSLEN, 340            | the rule's stack: how many entries it holds...
        .set    V_RSSIZE, 344           | ...how many it may hold...
        .set    V_RSAT, 348             | ...and where they are (longs)
        .set    V_N, 360                | the board's side
        .set    V_COUNT, 364            | cells on the board
        .set    V_COLSTART, 368         | first id − 1 of each column (words)
        .set    V_CELLS, 404            | the board's cells (4 bytes each)
        .set    V_NB, 1272              | neighbour table: 8 bytes per id
        .set    V_COLUMN, 3016          | each id's column (signed bytes)
        .set    V_HEIGHT, 3234          | each id's height in its column (bytes)

| Frame bytes of an iteration (memory.rs): kind, final, V×4 (word); count, pos (around a
| cell) or cursor (word, over the board); six cell ids.
        .set    F_KIND, 0
        .set    F_FINAL, 1
        .set    F_VAR, 2
        .set    F_COUNT, 4
        .set    F_POS, 5
        .set    F_CURSOR, 4
        .set    F_CELLS, 8

        .macro  NEXT
        move.w  (%a6)+,%d1
        jmp     (%a2,%d1.w)
        .endm

        .globl  rul_run68k
rul_run68k:                             | (vars, base, w): a phase from word w of base
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a5
        move.l  52(%sp),%d5
        move.l  %d5,A_BASE(%a5)         | for Rust at a hand-back, and for a resume
        move.l  56(%sp),%d1
        move.l  %d5,%a6
        lea     (%a6,%d1.l*2),%a6
        move.l  A_FRAMES_END(%a5),%a3
        clr.l   -(%a3)                  | first frame: the caller's last...
        clr.l   -(%a3)                  | ...and return offset 0: EXIT
        move.l  A_VALUES_END(%a5),%a4
        moveq   #0,%d0
        moveq   #0,%d6
        move.l  V_BUDGET(%a5),%d7       | the phase has executed nothing yet
        bra.s   go

        .globl  rul_resume68k
rul_resume68k:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a5
        move.l  A_ACC(%a5),%d0
        move.l  A_LAST(%a5),%d6
        move.l  A_IP(%a5),%a6
        move.l  A_VP(%a5),%a4
        move.l  A_FP(%a5),%a3
        move.l  A_BASE(%a5),%d5
        move.l  V_BUDGET(%a5),%d7       | left: budget − steps, at least 0
        sub.l   V_STEPS(%a5),%d7
        bcc.s   go
        moveq   #0,%d7
go:     lea     V_CELLS(%a5),%a0
        move.l  %a0,%d4
        lea     handlers(%pc),%a2
        NEXT

| Hand back the instruction whose first word is at a6 − N (tN: N bytes read so far).
t8:     subq.l  #2,%a6
t6:     subq.l  #2,%a6
t4:     subq.l  #2,%a6
t2:     subq.l  #2,%a6
        move.l  %d0,A_ACC(%a5)
        move.l  %d6,A_LAST(%a5)
        move.l  %a6,A_IP(%a5)
        move.l  %a4,A_VP(%a5)
        move.l  %a3,A_FP(%a5)
        move.l  V_BUDGET(%a5),%d1       | operations so far
        sub.l   %d7,%d1
        move.l  %d1,V_STEPS(%a5)
        moveq   #1,%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| Two-value operations that must be handed back restore what their operand fetch changed
| (see FETCH below): the stack form pushes x back, the reversed forms put y back in acc.
uS:     move.l  %d0,-(%a4)
        move.l  %d1,%d0
        bra.s   t2
uRK:    move.l  %d1,%d0
        bra.s   t6
uRV:    move.l  %d1,%d0
        bra.s   t4

| Next cell after d1 that an iteration over the board visits (d2 bit 7: occupied only);
| d1 = 0 when there is none. Clobbers d3, a0.
next_cell:
        move.l  %d4,%a0
        move.l  V_COUNT(%a5),%d3
1:      addq.l  #1,%d1
        cmp.l   %d3,%d1
        bhi.s   3f
        tst.b   %d2
        bpl.s   2f
        tst.b   (-3,%a0,%d1.l*4)        | pattern: 0 = empty
        beq.s   1b
2:      rts
3:      moveq   #0,%d1
        rts

| Records the lowest frame and value stack pointers (for Vm::max_depth).
        .macro  NOTE_DEPTH
        cmpa.l  A_MINFP(%a5),%a3
        bcc.s   91f
        move.l  %a3,A_MINFP(%a5)
91:     cmpa.l  A_MINVP(%a5),%a4
        bcc.s   92f
        move.l  %a4,A_MINVP(%a5)
92:
        .endm

handlers:
h_exit: move.l  %d0,A_ACC(%a5)
        move.l  V_BUDGET(%a5),%d1       | the phase's operations...
        sub.l   %d7,%d1
        move.l  %d1,V_STEPS(%a5)
        add.l   %d1,V_TOTAL+4(%a5)      | ...added to the machine's (64 bits, high first)
        bcc.s   1f
        addq.l  #1,V_TOTAL(%a5)
1:      moveq   #0,%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

h_steps:                                | n: count n operations
        moveq   #0,%d2
        move.w  (%a6)+,%d2
        sub.l   %d2,%d7
        bcs.s   1f
        NEXT
1:      add.l   %d2,%d7                 | over the budget: Rust reports it
        bra     t4

h_ldk:  move.l  (%a6)+,%d0
        NEXT

h_ldv:  move.w  (%a6)+,%d1
        move.l  (%a5,%d1.w),%d0
        NEXT

h_push: move.l  %d0,-(%a4)
        NEXT

h_setlast:
        move.l  %d0,%d6
        NEXT

h_ret:  move.l  %d6,%d0
h_reta: move.l  (%a3)+,%d1              | return offset
        move.l  (%a3)+,%d6              | caller's last
        move.l  %d5,%a6
        adda.l  %d1,%a6
        NEXT

h_call: cmpa.l  A_CALLMIN(%a5),%a3
        bcs     t2
        cmpa.l  A_VALMIN(%a5),%a4
        bcs     t2
        move.l  %d6,-(%a3)              | caller's last
        move.l  %a6,%d1
        addq.l  #2,%d1                  | returns after the target operand
        sub.l   %d5,%d1
        move.l  %d1,-(%a3)
        moveq   #0,%d6
        adda.w  (%a6),%a6
        NOTE_DEPTH
        NEXT

h_jmp:  adda.w  (%a6),%a6
        NEXT

h_jz:   tst.l   %d0
        beq.s   1f
        addq.l  #2,%a6
        NEXT
1:      adda.w  (%a6),%a6
        NEXT

h_jnz:  tst.l   %d0
        bne.s   1f
        addq.l  #2,%a6
        NEXT
1:      adda.w  (%a6),%a6
        NEXT

h_case:                                 | n, n targets: target (acc mod n)
        moveq   #0,%d2
        move.w  (%a6)+,%d2
        move.l  %d0,%d3
        divsl.l %d2,%d1:%d3             | d1 = remainder (sign of acc)
        tst.l   %d1
        bpl.s   1f
        add.l   %d2,%d1
1:      lea     (%a6,%d1.l*2),%a6
        adda.w  (%a6),%a6
        NEXT

h_setv: move.w  (%a6)+,%d1
        move.l  %d0,(%a5,%d1.w)
        NEXT

h_addv: move.w  (%a6)+,%d1
        add.l   %d0,(%a5,%d1.w)
        move.l  (%a5,%d1.w),%d0
        NEXT

h_subv: move.w  (%a6)+,%d1
        sub.l   %d0,(%a5,%d1.w)
        move.l  (%a5,%d1.w),%d0
        NEXT

h_setvk:
        move.w  (%a6)+,%d1
        move.l  (%a6)+,%d0
        move.l  %d0,(%a5,%d1.w)
        NEXT

h_addvk:
        move.w  (%a6)+,%d1
        move.l  (%a6)+,%d0
        add.l   (%a5,%d1.w),%d0
        move.l  %d0,(%a5,%d1.w)
        NEXT

h_tab16:                                | n, n words: acc = table[acc mod n]
        moveq   #0,%d2
        move.w  (%a6)+,%d2
        move.l  %d0,%d3
        divsl.l %d2,%d1:%d3
        tst.l   %d1
        bpl.s   1f
        add.l   %d2,%d1
1:      move.w  (%a6,%d1.l*2),%d0
        ext.l   %d0
        lea     (%a6,%d2.l*2),%a6
        NEXT

h_tab32:
        moveq   #0,%d2
        move.w  (%a6)+,%d2
        move.l  %d0,%d3
        divsl.l %d2,%d1:%d3
        tst.l   %d1
        bpl.s   1f
        add.l   %d2,%d1
1:      move.l  (%a6,%d1.l*4),%d0
        lea     (%a6,%d2.l*4),%a6
        NEXT

h_checkvar:
        cmp.l   #63,%d0
        bhi     t2
        NEXT

| Cell contents of x = d1 (0, or 1..count): pattern into d0, or -1 for cell 0. `\bad` is
| where to hand back a bad id.
        .macro  PATTERN_OF bad
        tst.l   %d1
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d1
        bhi     \bad
        move.l  %d4,%a0
        moveq   #0,%d0
        move.b  (-3,%a0,%d1.l*4),%d0
        NEXT
1:      moveq   #-1,%d0
        NEXT
        .endm

        .macro  COLOUR_OF bad
        tst.l   %d1
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d1
        bhi     \bad
        move.l  %d4,%a0
        moveq   #0,%d0
        tst.b   (-3,%a0,%d1.l*4)        | empty cell: 0
        beq.s   2f
        move.b  (-4,%a0,%d1.l*4),%d0
2:      NEXT
1:      moveq   #-1,%d0
        NEXT
        .endm

h_pattern_v:
        move.w  (%a6)+,%d1
        move.l  (%a5,%d1.w),%d1
        PATTERN_OF t4

h_colour_v:
        move.w  (%a6)+,%d1
        move.l  (%a5,%d1.w),%d1
        COLOUR_OF t4

h_marked_vv:                            | x, m variables: is cell x marked m?
        move.w  (%a6)+,%d1
        move.l  (%a5,%d1.w),%d1
        move.w  (%a6)+,%d2
        move.l  (%a5,%d2.w),%d2
        cmp.l   #7,%d2
        bhi     t6
        tst.l   %d1
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d1
        bhi     t6
        move.l  %d4,%a0
        move.b  (-2,%a0,%d1.l*4),%d3
        btst    %d2,%d3
        sne     %d0
        extb.l  %d0
        NEXT
1:      moveq   #0,%d0
        NEXT

| Operations of acc.
h_not:  not.l   %d0
        NEXT

h_abs:  tst.l   %d0
        bpl.s   1f
        neg.l   %d0
1:      NEXT

h_sq:   muls.l  %d0,%d0
        NEXT

h_var:  cmp.l   #63,%d0
        bhi     t2
        move.l  (%a5,%d0.l*4),%d0
        NEXT

h_pattern:
        move.l  %d0,%d1
        PATTERN_OF t2

h_colour:
        move.l  %d0,%d1
        COLOUR_OF t2

| Operations without operands. The random numbers step the generator's state in place
| (xorshift32: x ^= x << 13, x ^= x >> 17, x ^= x << 5; src/rul/rng.rs).
xorshift:
        lea     V_RNG(%a5),%a0
        move.l  (%a0),%d0
        move.l  %d0,%d1
        moveq   #13,%d2
        lsl.l   %d2,%d1
        eor.l   %d1,%d0
        move.l  %d0,%d1
        moveq   #17,%d2
        lsr.l   %d2,%d1
        eor.l   %d1,%d0
        move.l  %d0,%d1
        lsl.l   #5,%d1
        eor.l   %d1,%d0
        move.l  %d0,(%a0)
        rts

h_rnd16:
        bsr.s   xorshift
        swap    %d0
        ext.l   %d0
        NEXT

h_rnd32:
        bsr.s   xorshift
        NEXT

h_rnd15:
        bsr.s   xorshift
        moveq   #17,%d2
        lsr.l   %d2,%d0
        NEXT

h_rnd31:
        bsr.s   xorshift
        lsr.l   #1,%d0
        NEXT

h_paused:
        tst.b   V_PAUSED(%a5)
        sne     %d0
        extb.l  %d0
        NEXT

h_size: move.l  V_N(%a5),%d0
        NEXT

| $5C: V[x] of the prepared piece (radar on; 0 when off, -1 beyond V[8]).
h_next: tst.b   V_RADAR(%a5)
        bne.s   1f
        moveq   #0,%d0
        NEXT
1:      cmp.l   #8,%d0
        bhi.s   2f                      | unsigned: negative or beyond V[8]
        lea     V_NEXTV(%a5),%a0
        move.l  (%a0,%d0.l*4),%d0
        NEXT
2:      moveq   #-1,%d0
        NEXT

| $5F: the fall period, x clamped to 1-8191; the value is x.
h_fall: move.l  %d0,%d1
        moveq   #1,%d2
        cmp.l   %d2,%d1
        bge.s   1f
        move.l  %d2,%d1
1:      cmp.l   #8191,%d1
        ble.s   2f
        move.l  #8191,%d1
2:      move.l  %d1,V_FALL(%a5)
        NEXT

| The rule's stack ($63-$65), in place: empty or full, Rust reports it.
h_top:  move.l  V_RSLEN(%a5),%d1
        beq     t2
        move.l  V_RSAT(%a5),%a0
        move.l  -4(%a0,%d1.l*4),%d0
        NEXT

h_pop:  move.l  V_RSLEN(%a5),%d1
        beq     t2
        subq.l  #1,%d1
        move.l  %d1,V_RSLEN(%a5)
        move.l  V_RSAT(%a5),%a0
        move.l  (%a0,%d1.l*4),%d0
        NEXT

h_rpush:                                | x in acc, and the value
        move.l  V_RSLEN(%a5),%d1
        cmp.l   V_RSSIZE(%a5),%d1
        bhs     t2
        move.l  V_RSAT(%a5),%a0
        move.l  %d0,(%a0,%d1.l*4)
        addq.l  #1,%d1
        move.l  %d1,V_RSLEN(%a5)
        NEXT

h_piece:                                | $7C: hexagons of the piece (x < 0) or cell of hexagon x
        moveq   #0,%d1
        move.b  V_PIECELEN(%a5),%d1
        tst.l   %d0
        bmi.s   1f
        cmp.l   %d1,%d0
        bhi     t2                      | beyond the piece: Rust reports it
        lea     V_PIECE(%a5),%a0
        move.l  (%a0,%d0.l*4),%d0
        NEXT
1:      move.l  %d1,%d0
        NEXT

| Iterations.
h_iter_all:                             | n in acc; occupied: start over the board
        cmp.l   #63,%d0
        bhi     t2
        cmpa.l  A_ITERMIN(%a5),%a3
        bcs     t2
        move.w  (%a6)+,%d2              | occupied?
        beq.s   1f
        moveq   #-128,%d2               | bit 7
1:      moveq   #0,%d1
        bsr     next_cell               | (clobbers d3)
        move.l  %d0,%d3
        lsl.l   #2,%d3                  | V×4
        lea     -16(%a3),%a3
        move.b  %d2,F_KIND(%a3)
        or.b    #2,F_KIND(%a3)
        tst.w   %d1
        seq     F_FINAL(%a3)
        move.w  %d3,F_VAR(%a3)
        move.w  %d1,F_CURSOR(%a3)
        clr.w   F_CURSOR+2(%a3)
        move.l  %d1,(%a5,%d3.w)
        NOTE_DEPTH
        NEXT

| One neighbour of the cell (a0 its row of the table) for ITER_ADJ: byte \k, kept unless
| d2 says occupied only and it is empty; kept ids go to the frame, d1 counts them.
        .macro  ADJ k
        move.b  \k(%a0),%d0
        beq.s   2f
        tst.w   %d2
        beq.s   1f
        tst.b   (-3,%a1,%d0.l*4)
        beq.s   2f
1:      move.b  %d0,(F_CELLS,%a3,%d1.w)
        addq.w  #1,%d1
2:
        .endm

h_iter_adj:                             | n on the value stack, x in acc; occupied
        tst.l   %d0
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d0
        bhi     t2                      | bad cell: Rust reports it
1:      cmpa.l  A_ITERMIN(%a5),%a3
        bcs     t2
        move.l  (%a4)+,%d3              | n (checked by CHECKVAR)
        lsl.l   #2,%d3
        move.w  (%a6)+,%d2              | occupied?
        lea     -16(%a3),%a3
        moveq   #0,%d1                  | count
        tst.l   %d0
        beq     8f                      | (ADJ defines 1: and 2: of its own)
        lea     V_NB(%a5),%a0
        lea     (%a0,%d0.l*8),%a0
        move.l  %d4,%a1
        moveq   #0,%d0
        ADJ     0
        ADJ     1
        ADJ     2
        ADJ     3
        ADJ     4
        ADJ     5
8:      move.b  #1,F_KIND(%a3)
        tst.w   %d1
        seq     F_FINAL(%a3)
        move.w  %d3,F_VAR(%a3)
        move.b  %d1,F_COUNT(%a3)
        clr.b   F_POS(%a3)
        clr.w   F_POS+1(%a3)
        moveq   #0,%d0
        tst.w   %d1
        beq.s   3f
        move.b  F_CELLS(%a3),%d0
3:      move.l  %d0,(%a5,%d3.w)
        NOTE_DEPTH
        NEXT

h_iter_step:                            | target: next element, or drop the frame
        tst.b   F_FINAL(%a3)
        bne.s   9f
        move.b  F_KIND(%a3),%d2
        cmp.b   #1,%d2
        bne.s   5f
        move.w  F_VAR(%a3),%d3
        moveq   #0,%d1                  | around a cell
        move.b  F_POS(%a3),%d1
        addq.b  #1,%d1
        move.b  %d1,F_POS(%a3)
        cmp.b   F_COUNT(%a3),%d1
        bcc.s   4f
        move.b  (F_CELLS,%a3,%d1.w),%d1
        move.l  %d1,(%a5,%d3.w)
        adda.w  (%a6),%a6
        NEXT
4:      st      F_FINAL(%a3)
        clr.l   (%a5,%d3.w)
        adda.w  (%a6),%a6
        NEXT
5:      moveq   #0,%d1                  | over the board (d2 bit 7: occupied only)
        move.w  F_CURSOR(%a3),%d1
        bsr     next_cell               | (clobbers d3)
        move.w  %d1,F_CURSOR(%a3)
        bne.s   6f
        st      F_FINAL(%a3)
6:      move.w  F_VAR(%a3),%d3
        move.l  %d1,(%a5,%d3.w)
        adda.w  (%a6),%a6
        NEXT
9:      lea     16(%a3),%a3             | the final round is done
        addq.l  #2,%a6
        NEXT

| Operations of two values x, y: forms K (y constant), V (y variable), S (x on the value
| stack, y in acc), RK (x constant, y in acc), RV (x variable, y in acc). FETCH leaves x in
| d0, y in d1; the u* stubs undo it when the instruction is handed back.
        .macro  FETCH form
        .ifc    \form,K
        move.l  (%a6)+,%d1
        .endif
        .ifc    \form,V
        move.w  (%a6)+,%d1
        move.l  (%a5,%d1.w),%d1
        .endif
        .ifc    \form,S
        move.l  %d0,%d1
        move.l  (%a4)+,%d0
        .endif
        .ifc    \form,RK
        move.l  %d0,%d1
        move.l  (%a6)+,%d0
        .endif
        .ifc    \form,RV
        move.l  %d0,%d1
        move.w  (%a6)+,%d2
        move.l  (%a5,%d2.w),%d0
        .endif
        .endm

| The hand-back stub of each form.
        .set    uK, t6
        .set    uV, t4

| An operation in the five forms: handlers b_\name\()_K ... _RV running \body on d0, d1
| (the body may use d2, d3, a0, a1 and branch to \()u\form to hand back).
        .macro  BINOP name
        .irp    form,K,V,S,RK,RV
b_\name\()_\form:
        FETCH   \form
        OP_\name u\form
        NEXT
        .endr
        .endm

        .macro  OP_add u
        add.l   %d1,%d0
        .endm
        .macro  OP_sub u
        sub.l   %d1,%d0
        .endm
        .macro  OP_mul u
        muls.l  %d1,%d0
        .endm
        .macro  OP_div u
        tst.l   %d1
        beq     \u
        divs.l  %d1,%d0                 | MIN / -1 overflows and leaves MIN: the wrapped value
        .endm
        .macro  OP_mod u
        tst.l   %d1
        ble     \u
        divsl.l %d1,%d2:%d0
        move.l  %d2,%d0
        bpl.s   1f
        add.l   %d1,%d0
1:
        .endm
        .macro  OP_shl u
        cmp.l   #63,%d1
        bhi     \u
        cmp.w   #32,%d1
        bcs.s   1f
        moveq   #0,%d0
        bra.s   2f
1:      lsl.l   %d1,%d0
2:
        .endm
        .macro  OP_shr u
        cmp.l   #63,%d1
        bhi     \u
        cmp.w   #32,%d1
        bcs.s   1f
        moveq   #31,%d1
1:      asr.l   %d1,%d0
        .endm
        .macro  OP_cmp cc
        cmp.l   %d1,%d0
        s\cc    %d0
        extb.l  %d0
        .endm
        .macro  OP_eq u
        OP_cmp  eq
        .endm
        .macro  OP_ne u
        OP_cmp  ne
        .endm
        .macro  OP_lt u
        OP_cmp  lt
        .endm
        .macro  OP_gt u
        OP_cmp  gt
        .endm
        .macro  OP_le u
        OP_cmp  le
        .endm
        .macro  OP_ge u
        OP_cmp  ge
        .endm
        .macro  OP_and u
        and.l   %d1,%d0
        .endm
        .macro  OP_or u
        or.l    %d1,%d0
        .endm
        .macro  OP_xor u
        eor.l   %d1,%d0
        .endm
        .macro  OP_min u
        cmp.l   %d1,%d0
        ble.s   1f
        move.l  %d1,%d0
1:
        .endm
        .macro  OP_max u
        cmp.l   %d1,%d0
        bge.s   1f
        move.l  %d1,%d0
1:
        .endm
        .macro  OP_marked u             | is cell x marked y?
        cmp.l   #7,%d1
        bhi     \u
        tst.l   %d0
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d0
        bhi     \u
        move.l  %d4,%a0
        move.b  (-2,%a0,%d0.l*4),%d2
        btst    %d1,%d2
        sne     %d0
        extb.l  %d0
        bra.s   2f
1:      moveq   #0,%d0
2:
        .endm
| $79-$7B on cell x, mark y (0..15; 8..15 answer the state before; < 0: every mark, the
| value is x): \bit is bchg, bclr or bset, whose Z flag is the bit before; \all does it to
| the whole byte.
        .macro  OP_markop u, bit, all
        tst.l   %d1
        bmi.s   3f
        cmp.l   #15,%d1
        bhi     \u
        tst.l   %d0
        beq.s   2f                      | cell 0: the answer is 0 either way
        cmp.l   V_COUNT(%a5),%d0
        bhi     \u
        move.l  %d4,%a0
        lea     (-2,%a0,%d0.l*4),%a0
        \bit    %d1,(%a0)               | bit number modulo 8
        sne     %d2
        cmp.w   #8,%d1
        blt.s   2f                      | 0..7: the value is x
        move.b  %d2,%d0
        extb.l  %d0
        bra.s   2f
3:      tst.l   %d0
        beq.s   2f
        cmp.l   V_COUNT(%a5),%d0
        bhi     \u
        move.l  %d4,%a0
        \all    (-2,%a0,%d0.l*4)
2:
        .endm
        .macro  OP_flip u
        OP_markop \u, bchg, not.b
        .endm
        .macro  OP_unmark u
        OP_markop \u, bclr, clr.b
        .endm
        .macro  OP_mark u
        OP_markop \u, bset, st
        .endm
| $71: the cell of column x, height y; 0 when there is none.
        .macro  OP_cell u
        move.l  V_N(%a5),%d2
        move.l  %d0,%d3
        bpl.s   1f
        neg.l   %d3                     | |c| (−2^31 stays negative: off the board)
1:      cmp.l   %d2,%d3
        bcc.s   3f                      | |c| >= n
        add.l   %d2,%d2
        subq.l  #1,%d2
        sub.l   %d3,%d2                 | the column's length 2n − 1 − |c|
        cmp.l   %d2,%d1
        bcc.s   3f                      | h < 0 or h >= length
        move.l  V_N(%a5),%d2
        add.l   %d0,%d2
        subq.l  #1,%d2                  | column index c + n − 1
        lea     V_COLSTART(%a5),%a0
        moveq   #0,%d0
        move.w  (%a0,%d2.l*2),%d0
        add.l   %d1,%d0
        addq.l  #1,%d0
        bra.s   4f
3:      moveq   #0,%d0
4:
        .endm
        .macro  OP_nb u                 | neighbour of cell x in direction y mod 6
        tst.l   %d0
        beq.s   3f
        cmp.l   V_COUNT(%a5),%d0
        bhi     \u
        cmp.l   #5,%d1
        bls.s   2f
        moveq   #6,%d2
        divsl.l %d2,%d3:%d1
        move.l  %d3,%d1
        bpl.s   2f
        addq.l  #6,%d1
2:      lea     V_NB(%a5),%a0
        lea     (%a0,%d0.l*8),%a0
        moveq   #0,%d0
        move.b  (%a0,%d1.l),%d0
3:
        .endm

        BINOP   add
        BINOP   sub
        BINOP   mul
        BINOP   div
        BINOP   shl
        BINOP   shr
        BINOP   mod
        BINOP   eq
        BINOP   ne
        BINOP   lt
        BINOP   gt
        BINOP   le
        BINOP   ge
        BINOP   and
        BINOP   or
        BINOP   xor
        BINOP   min
        BINOP   max
        BINOP   cell
        BINOP   marked
        BINOP   flip
        BINOP   unmark
        BINOP   mark
        BINOP   nb

| Branches on a comparison: jump to the target (after the operands) when x cc y.
        .macro  JCMP name, cc
        .irp    form,K,V,S,RK,RV
j_\name\()_\form:
        FETCH   \form
        cmp.l   %d1,%d0
        b\cc\().s 1f
        addq.l  #2,%a6
        NEXT
1:      adda.w  (%a6),%a6
        NEXT
        .endr
        .endm

        JCMP    eq, eq
        JCMP    ne, ne
        JCMP    lt, lt
        JCMP    gt, gt
        JCMP    le, le
        JCMP    ge, ge

| Handlers placed after the rest, so that the others keep their addresses: moving
| the hot handlers by some 150 bytes made the bomb landings 10 % dearer (the 68030's
| 256-byte instruction cache).

| $5B with a computed x (`SET_S`): x popped, acc the value. V[x] = acc for 0 ≤ x ≤ 63,
| V[x + 64] += acc for −64 ≤ x ≤ −1, V[x − 64] −= acc for 64 ≤ x ≤ 127 (acc the result);
| any other x is handed back with x pushed again (Rust reports it).
h_set_s:
        move.l  (%a4)+,%d1              | x
        cmp.l   #63,%d1
        bhi.s   1f
        move.l  %d0,(%a5,%d1.l*4)
        NEXT
1:      moveq   #64,%d2
        add.l   %d1,%d2                 | x + 64
        cmp.l   #63,%d2
        bhi.s   2f
        add.l   (%a5,%d2.l*4),%d0
        move.l  %d0,(%a5,%d2.l*4)
        NEXT
2:      moveq   #-64,%d2
        add.l   %d1,%d2                 | x − 64
        cmp.l   #63,%d2
        bhi.s   3f
        move.l  (%a5,%d2.l*4),%d3
        sub.l   %d0,%d3
        move.l  %d3,(%a5,%d2.l*4)
        move.l  %d3,%d0
        NEXT
3:      move.l  %d1,-(%a4)
        bra     t2

| $6C (`BETWEEN_S`): y then x popped, z in acc: −1 if x < y, 1 if x > z, else 0.
h_between_s:
        move.l  (%a4)+,%d1              | y
        move.l  (%a4)+,%d2              | x
        cmp.l   %d1,%d2
        blt.s   1f
        cmp.l   %d0,%d2
        bgt.s   2f
        moveq   #0,%d0
        NEXT
1:      moveq   #-1,%d0
        NEXT
2:      moveq   #1,%d0
        NEXT

| $72 / $73: the height / column of cell acc; −1 for cell 0; a bad id is handed back.
h_height:
        tst.l   %d0
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d0
        bhi     t2
        lea     V_HEIGHT(%a5),%a0
        moveq   #0,%d1
        move.b  (%a0,%d0.l),%d1
        move.l  %d1,%d0
        NEXT
1:      moveq   #-1,%d0
        NEXT

h_column:
        tst.l   %d0
        beq.s   1f
        cmp.l   V_COUNT(%a5),%d0
        bhi     t2
        lea     V_COLUMN(%a5),%a0
        move.b  (%a0,%d0.l),%d1
        extb.l  %d1
        move.l  %d1,%d0
        NEXT
1:      moveq   #-1,%d0
        NEXT

| For each instruction number (instructions.rs `ins`), its handler's offset from `handlers`;
| t2 hands the instruction back to Rust.
        .macro  H label
        .word   \label - handlers
        .endm
        .macro  TRAPS n
        .rept   \n
        .word   t2 - handlers
        .endr
        .endm
        .macro  BINFORMS name
        .word   b_\name\()_K - handlers, b_\name\()_V - handlers, b_\name\()_S - handlers
        .word   b_\name\()_RK - handlers, b_\name\()_RV - handlers
        TRAPS   3
        .endm
        .macro  JFORMS name
        .word   j_\name\()_K - handlers, j_\name\()_V - handlers, j_\name\()_S - handlers
        .word   j_\name\()_RK - handlers, j_\name\()_RV - handlers
        TRAPS   3
        .endm

        .section .rodata
        .globl  rul68k_table
        .p2align 1
rul68k_table:
        H       h_exit                  | 0 EXIT
        H       h_steps                 | 1 STEPS
        TRAPS   2                       | 2 SLOW, 3 FAIL
        H       h_ldk                   | 4 LDK
        H       h_ldv                   | 5 LDV
        H       h_push                  | 6 PUSH
        H       h_setlast               | 7 SETLAST
        H       h_ret                   | 8 RET
        H       h_reta                  | 9 RETA
        H       h_call                  | 10 CALL
        H       h_jmp                   | 11 JMP
        H       h_jz                    | 12 JZ
        H       h_jnz                   | 13 JNZ
        H       h_case                  | 14 CASE
        H       h_setv                  | 15 SETV
        H       h_addv                  | 16 ADDV
        H       h_subv                  | 17 SUBV
        H       h_setvk                 | 18 SETVK
        H       h_addvk                 | 19 ADDVK
        H       h_set_s                 | 20 SET_S
        H       h_between_s             | 21 BETWEEN_S
        H       h_tab16                 | 22 TAB16
        H       h_tab32                 | 23 TAB32
        H       h_checkvar              | 24 CHECKVAR
        H       h_iter_adj              | 25 ITER_ADJ
        H       h_iter_all              | 26 ITER_ALL
        H       h_iter_step             | 27 ITER_STEP
        TRAPS   1                       | 28 DLOOP
        H       h_pattern_v             | 29 PATTERN_V
        H       h_colour_v              | 30 COLOUR_V
        H       h_marked_vv             | 31 MARKED_VV
        H       h_rnd16                 | 32 NUL rnd16
        H       h_rnd32                 | 33 rnd32
        H       h_paused                | 34 paused
        H       h_top                   | 35 top
        H       h_pop                   | 36 pop
        H       h_rnd15                 | 37 rnd15
        H       h_rnd31                 | 38 rnd31
        TRAPS   1                       | 39 msg
        H       h_size                  | 40 size
        TRAPS   7                       | 41-47
        H       h_not                   | 48 not
        H       h_var                   | 49 var
        H       h_next                  | 50 next
        TRAPS   1                       | 51 timer
        H       h_fall                  | 52 fall
        H       h_rpush                 | 53 push
        H       h_abs                   | 54 abs
        H       h_sq                    | 55 sq
        H       h_height                | 56 height
        H       h_column                | 57 column
        H       h_piece                 | 58 piece
        H       h_pattern               | 59 pattern
        H       h_colour                | 60 colour
        TRAPS   3                       | 61-63
        BINFORMS add                    | 64 (BIN)
        BINFORMS sub
        BINFORMS mul
        BINFORMS div
        BINFORMS shl
        BINFORMS shr
        BINFORMS mod
        BINFORMS eq
        BINFORMS ne
        BINFORMS lt
        BINFORMS gt
        BINFORMS le
        BINFORMS ge
        BINFORMS and
        BINFORMS or
        BINFORMS xor
        BINFORMS min
        BINFORMS max
        BINFORMS cell
        BINFORMS marked
        BINFORMS flip
        BINFORMS unmark
        BINFORMS mark
        BINFORMS nb
        TRAPS   8                       | destroy
        JFORMS  eq                      | 264 (JCMP)
        JFORMS  ne
        JFORMS  lt
        JFORMS  gt
        JFORMS  le
        JFORMS  ge
rul68k_table_end:                       | 312 entries (ins::END)

