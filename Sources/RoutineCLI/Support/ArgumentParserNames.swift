import ArgumentParser

/// `Option` in this module is ArgumentParser's property wrapper, not a routine's
/// answer option (`RoutineCore.Option`), which the commands never name.
public typealias Option = ArgumentParser.Option
