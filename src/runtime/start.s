| Start-up code for every flavour of the Falcon program (.PRG, .GTP, .ACC).
|
| TOS starts a program with the basepage pointer at 4(sp) and a0 = 0; the AES starts a desk
| accessory with the basepage in a0 and no usable stack (TOS 1.4+ and EmuTOS clear a0 for
| programs). Either way we move to our own stack in the bss, then call the Rust entry
|     __falcon_start(basepage: *const Basepage, is_accessory: u32) -> i32
| and end the process with Pterm(code). An accessory's Rust entry never returns.
|
| Assembled by GNU as for -m68030; called from nowhere but TOS.

| The stack: 64 KiB. The RUL interpreter's deepest nesting (MAX_DEPTH, 160 levels) takes
| about 40 KiB on the 68030 at opt-level 2; with 32 KiB its depth test overflowed into the
| end of .data (see docs/toolchain.md, "Machine stack overflow").
        .equ    STACK_SIZE, 65536
| Below the stack, a guard: painted like the stack, never used by correct code. An overflow
| of up to this much lands here instead of in .data, and the painted words show it (the
| on-target test program measures them: selftest/src/stack.rs, which knows the three
| __falcon_stack_* symbols below and STACK_PAINT).
        .equ    STACK_GUARD, 4096
| The paint: a word that is neither 0, -1, a small number nor an address of ours.
        .equ    STACK_PAINT, 0x5354AC4B

        .text
        .globl  _start
_start:
        .ifdef  TOSLESS
| Hatari's TOS-less test mode puts its stacks inside the program's memory: the initial user
| stack (a ROM return address and the basepage pointer) at $17FF8-$17FFF, and the
| supervisor stack below $20000, which every trap from user mode (our first GEMDOS calls)
| uses. With text at $1100, a program over ~90 KiB loses code there. Builds for that mode
| (`--defsym TOSLESS=1`) jump over a hole covering $1106-$20106. Builds for a real TOS have
| no hole.
        bra.l   .Lafter_hole
        .skip   0x1F000
.Lafter_hole:
        .endif
        move.l  %a0,%d0                 | a0 = basepage for an accessory, 0 for a program
        tst.l   %d0
        bne.s   1f
        move.l  4(%sp),%a0              | program: basepage pointer above the return slot
        moveq   #0,%d1
        bra.s   2f
1:      moveq   #1,%d1
2:      lea     __falcon_stack_guard,%a1 | paint guard and stack (registers only: an
        move.l  #STACK_PAINT,%d0        | accessory has no usable stack yet)
3:      move.l  %d0,(%a1)+
        cmp.l   #__falcon_stack_top,%a1
        bcs.s   3b
        lea     __falcon_stack_top,%sp  | our own stack (TOS's is tiny, the AES's unusable)
        move.l  %d1,-(%sp)              | is_accessory
        move.l  %a0,-(%sp)              | basepage
        jsr     __falcon_start
        addq.l  #8,%sp
        move.w  %d0,-(%sp)              | Pterm(code): GEMDOS $4C, never returns
        move.w  #0x4c,-(%sp)
        trap    #1
        bra.s   .                       | not reached

        .bss
        .balign 4
        .globl  __falcon_stack_guard
__falcon_stack_guard:
        .skip   STACK_GUARD
        .globl  __falcon_stack_bottom
__falcon_stack_bottom:
        .skip   STACK_SIZE
        .globl  __falcon_stack_top
__falcon_stack_top:
