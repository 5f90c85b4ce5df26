| Keyboard and mouse, the interrupt side, for src/machine/keyboard.rs.

        .text

| ---- Without TOS: the keyboard ACIA's interrupt, MFP channel 6, vector $118 ------------
| Reads every byte the ACIA holds and gives each to the Rust packet parser
|     void machine_ikbd_byte(u32 byte)      (C calling convention: d0-d1/a0-a1 scratch)
| then clears the in-service bit of channel 6 and returns with RTE.
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

| ---- Under TOS: the OS's IKBD hooks -----------------------------------------------------
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

        .data
        .balign 2
        .globl  kbdvec_previous
kbdvec_previous:
        .long   0
