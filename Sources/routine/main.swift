import RoutineCLI

RoutineCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
