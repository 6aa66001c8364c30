//===- IncompleteHip.cpp - A library that is not a whole HIP runtime ------===//
//
// libmcore_incomplete_hip.so has hipInit and nothing else: the HIP runtime
// must name the first function it lacks instead of crashing.
//
//===----------------------------------------------------------------------===//

extern "C" int hipInit(unsigned) { return 0; }
