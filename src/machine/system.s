| What src/machine/system.rs needs in assembly: the etv_term hook and the bus-error probe.

        .text

| ---- Process termination under TOS: etv_term, vector $102 -------------------------------
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

| ---- Probing hardware ---------------------------------------------------------------------
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

        .data
        .balign 2
        .globl  etv_term_previous
etv_term_previous:
        .long   0
