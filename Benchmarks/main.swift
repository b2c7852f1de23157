print("benchmarks: none yet")
