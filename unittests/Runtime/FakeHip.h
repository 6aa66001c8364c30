//===- FakeHip.h - What the stand-in HIP shows the tests ----------*- C++ -*-===//
//
// libmcore_fake_hip.so (FakeHip.cpp) exports, besides HIP's functions, the
// record of its last launch (fakeHipLastLaunch) and the number of HIP events
// alive (fakeHipLiveEvents), which the tests read with dlsym.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_UNITTESTS_RUNTIME_FAKEHIP_H
#define MCORE_UNITTESTS_RUNTIME_FAKEHIP_H

/// The arguments of the fake's last hipModuleLaunchKernel, and how many
/// launches it saw.
struct FakeHipLaunch {
  void *function;
  unsigned grid[3], block[3], sharedBytes;
  void *stream;
  void **params;
  void **extra;
  int count;
};

#endif // MCORE_UNITTESTS_RUNTIME_FAKEHIP_H
