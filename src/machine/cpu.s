| The 68030's status register, for src/machine/cpu.rs. (LLVM's inline assembly mistranslates
| `move.w #imm,%sr`, llvm-project #165077, so this is a routine of its own.)
|
|     u32 cpu_set_sr(u32 sr)   supervisor mode only: sets SR to the low word of `sr`,
|                              returns the previous SR in the low word (high word 0).
|     u32 cpu_get_sr(void)     supervisor mode only: SR in the low word (high word 0).
|     u32 cpu_set_cacr(u32 cacr)  supervisor mode only, 68020+: sets the cache control
|                              register, returns the previous value.
| The argument is a long on the stack (big-endian: its low word at 6(sp)).

        .text
        .globl  cpu_set_sr
cpu_set_sr:
        moveq   #0,%d0
        move.w  %sr,%d0
        move.w  6(%sp),%sr
        rts

        .globl  cpu_get_sr
cpu_get_sr:
        moveq   #0,%d0
        move.w  %sr,%d0
        rts

        .globl  cpu_set_cacr
cpu_set_cacr:
        movec   %cacr,%d0
        move.l  4(%sp),%d1
        movec   %d1,%cacr
        rts
