| The vertical-blank handler without TOS, for src/machine/vbl.rs: level-4 autovector $70.
| Counts frames and, when the program asked for a new screen address, writes it to the
| VIDEL's base registers (high, mid, low: writing high or mid clears low) and clears the
| request. The VIDEL takes the new base at the start of the next frame. Saves what it uses.

        .text
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

        .data
        .balign 2
        .globl  vbl_count
vbl_count:
        .long   0
        .globl  vbl_pending_base
vbl_pending_base:
        .long   0
