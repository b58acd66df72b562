import Foundation

/// Comparing file paths as the file system sees them.
enum StorePaths {
    /// True when both paths name one file (the same inode), or spell the same path.
    static func same(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        if stat(first, &a) == 0, stat(second, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        return (first as NSString).standardizingPath == (second as NSString).standardizingPath
    }
}
