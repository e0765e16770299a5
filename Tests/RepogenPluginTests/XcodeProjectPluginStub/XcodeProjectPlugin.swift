// A stand-in for Xcode's XcodeProjectPlugin (which only Xcode has), with the part of its API (Xcode 16 and later)
// that repogen's plugins use, as swift-openapi-generator's plugins and others use it. XcodePluginsTests type-checks
// the plugins' `#if canImport(XcodeProjectPlugin)` code against it, so that a change to the code they share with
// the SwiftPM paths cannot break them unnoticed. It is not the real API: it cannot tell that Xcode still has it.
import Foundation
import PackagePlugin

public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectoryURL: URL
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}
public struct XcodeProject {
    public let displayName: String
    public let directoryURL: URL
    public let targets: [XcodeTarget]
}
public struct XcodeTarget {
    public let displayName: String
    public let inputFiles: FileList
}
public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}
public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
