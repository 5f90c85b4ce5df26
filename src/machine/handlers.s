| Interrupt handlers and hooks of the machine layer (src/machine/), hand-written for the
| 68030 so that each is a few dozen cycles and touches exactly the registers it saves.
| Assembled by GNU as -m68030. The Rust side installs them (clock.rs, vbl.rs, ikbd.rs,
| system.rs) and reads their variables with atomic loads.

        .text

| ---- Game clock (clock.rs): 1024 Hz, from MFP Timer A or Timer D ----------------------
| Counts one tick, clears the timer's in-service bit (software end-of-interrupt: write 0 to
| our bit, 1 to the others) and returns. No register is touched.
        .globl  clock_tick_timer_a
clock_tick_timer_a:
        addq.l  #1,clock_ticks
        move.b  #0xdf,0xfffffa0f.w      | ISRA: clear bit 5 (Timer A)
        rte

        .globl  clock_tick_timer_d
clock_tick_timer_d:
        addq.l  #1,clock_ticks
        move.b  #0xef,0xfffffa11.w      | ISRB: clear bit 4 (Timer D)
        rte

| ---- Vertical blank without TOS (vbl.rs): level-4 autovector $70 ----------------------
| Counts frames and, when the program asked for a new screen address, writes it to the
| VIDEL's base registers (high, mid, low: writing high or mid clears low) and clears the
| request. The VIDEL takes the new base at the start of the next frame.
        .globl  vbl_handler
vbl_handler:
        addq.l  #1,vbl_count
        tst.l   vbl_pending_base
        beq.s   1f
        move.l  %d0,-(%sp)
        move.l  vbl_pending_base,%d0
        clr.l   vbl_pending_base
        swap    %d0
        move.b  %d0,0xffff8201.w        | bits 23-16
        rol.l   #8,%d0
        move.b  %d0,0xffff8203.w        | bits 15-8
        rol.l   #8,%d0
        move.b  %d0,0xffff820d.w        | bits 7-0
        move.l  (%sp)+,%d0
1:      rte

| ---- Keyboard ACIA without TOS (ikbd.rs): MFP channel 6, vector $118 ------------------
| Reads every byte the ACIA holds and gives each to the Rust packet parser
|     void machine_ikbd_byte(u32 byte)      (C calling convention: d0-d1/a0-a1 scratch)
| then clears the in-service bit of channel 6.
        .globl  acia_handler
acia_handler:
        movem.l %d0-%d1/%a0-%a1,-(%sp)
1:      move.b  0xfffffc00.w,%d0        | status: bit 7 IRQ, bit 0 receive register full
        tst.b   %d0                     | (the verifier wants flags from a test, not a move)
        bpl.s   2f
        btst    #0,%d0
        beq.s   2f
        moveq   #0,%d0
        move.b  0xfffffc02.w,%d0        | the byte (reading clears RDRF and IRQ)
        move.l  %d0,-(%sp)
        jsr     machine_ikbd_byte
        addq.l  #4,%sp
        bra.s   1b
2:      move.b  #0xbf,0xfffffa11.w      | ISRB: clear bit 6 (ACIA)
        movem.l (%sp)+,%d0-%d1/%a0-%a1
        rte

| ---- Keyboard and mouse under TOS (ikbd.rs): the OS's IKBD hooks ---------------------
| kbdvec (TOS 2+, the long before Kbdvbase()): called with the key byte in d0 and the
| keyboard iorec in a0. We record the byte, then jump on to the OS's handler (which keeps
| its shift state and buffer), registers as we found them.
        .globl  kbdvec_hook
kbdvec_hook:
        movem.l %d0-%d1/%a0-%a1,-(%sp)
        and.l   #0xff,%d0
        move.l  %d0,-(%sp)
        jsr     machine_ikbd_key
        addq.l  #4,%sp
        movem.l (%sp)+,%d0-%d1/%a0-%a1
        move.l  kbdvec_previous,-(%sp)
        rts

| mousevec: called with a0 pointing at a relative mouse packet ($F8-$FB, dx, dy). We
| record it and do not pass it on: while the program owns the screen, the OS's mouse
| pointer must neither move nor be drawn.
        .globl  mousevec_hook
mousevec_hook:
        movem.l %d0-%d1/%a0-%a1,-(%sp)
        move.l  %a0,-(%sp)
        jsr     machine_ikbd_mouse
        addq.l  #4,%sp
        movem.l (%sp)+,%d0-%d1/%a0-%a1
        rts

| ---- Process termination under TOS (system.rs): etv_term, vector $102 -----------------
| GEMDOS calls etv_term whenever a process ends: Pterm from anywhere, Ctrl-C in a console
| call. We restore the machine (every registered undo action), then go on to the previous
| handler.
        .globl  etv_term_hook
etv_term_hook:
        movem.l %d0-%d7/%a0-%a6,-(%sp)
        jsr     machine_on_termination
        movem.l (%sp)+,%d0-%d7/%a0-%a6
        move.l  etv_term_previous,-(%sp)
        rts

| ---- Probing hardware (system.rs) -------------------------------------------------------
| i32 probe_read_word(u32 address): the word at `address`, or -1 if reading it raises a
| bus error (the chip is absent). Supervisor mode only; borrows vector 2 with interrupts
| off.
        .globl  probe_read_word
probe_read_word:
        move.l  4(%sp),%a0
        move.l  %a2,-(%sp)
        move.w  %sr,-(%sp)
        ori.w   #0x0700,%sr
        move.l  0x8.w,-(%sp)
        lea     3f(%pc),%a1
        move.l  %a1,0x8.w
        move.l  %sp,%a2                 | to drop the bus-error frame
        moveq   #0,%d0
        move.w  (%a0),%d0
        bra.s   4f
3:      moveq   #-1,%d0
4:      move.l  %a2,%sp
        move.l  (%sp)+,0x8.w
        move.w  (%sp)+,%sr
        move.l  (%sp)+,%a2
        rts

| void spin(u32 n): a busy loop of n iterations, for measuring what interrupts cost.
        .globl  spin
spin:
        move.l  4(%sp),%d0
1:      subq.l  #1,%d0
        bne.s   1b
        rts

| void call_as_interrupt(u32 handler): runs an interrupt handler as if its interrupt had
| happened (a format-0 frame for vector $70 returning here), to measure what its body and
| RTE cost. Supervisor mode.
        .globl  call_as_interrupt
call_as_interrupt:
        move.l  4(%sp),%a0
        move.w  #0x0070,-(%sp)
        pea     1f(%pc)
        move.w  %sr,-(%sp)
        jmp     (%a0)
1:      rts

| An interrupt handler that does nothing: the baseline of the measurements above.
        .globl  interrupt_return_only
interrupt_return_only:
        rte

        .data
        .balign 2
        .globl  clock_ticks
clock_ticks:
        .long   0
        .globl  vbl_count
vbl_count:
        .long   0
        .globl  vbl_pending_base
vbl_pending_base:
        .long   0
        .globl  kbdvec_previous
kbdvec_previous:
        .long   0
        .globl  etv_term_previous
etv_term_previous:
        .long   0
