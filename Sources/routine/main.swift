print("routine: not built yet")
