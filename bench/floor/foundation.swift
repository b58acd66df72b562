import Foundation

let e = ProcessInfo.processInfo.environment
print(e.count > 0 ? "x" : "y")
