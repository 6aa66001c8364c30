// A program that faults (here a store through a null pointer; on a GPU, a
// kernel fault ends the process the same way) does not take mcore-run down
// with it: one message and exit status 2.
// RUN: %expect-exit 2 %mcore-run %s --backend=emu 2>&1 | FileCheck %s
// RUN: %expect-exit 2 %mcore-run %s --backend=emu -e abort_quietly 2>&1 | count 0

// CHECK: mcore-run: error: the program crashed (Segmentation fault, signal 11): a bad memory access in its host code or a kernel

llvm.func @main() {
  %null = llvm.mlir.zero : !llvm.ptr
  %v = llvm.mlir.constant(42 : i32) : i32
  llvm.store volatile %v, %null : i32, !llvm.ptr
  llvm.return
}

// abort() comes with a message of its own where it is used (a failed check
// of the compiled program); mcore-run adds none.
llvm.func @abort()
llvm.func @abort_quietly() {
  llvm.call @abort() : () -> ()
  llvm.return
}
