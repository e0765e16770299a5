/// Help texts and exit codes.
enum Usage {
    static let version = "0.1.0"

    static let main = """
        repogen \(version): generates the Swift networking layer (API enum, RequestType, Repository, Impl, Mock)
        from endpoint specs.

        USAGE: repogen <command> [options]

        COMMANDS:
          generate <spec>...   Generate Swift files from spec files (see 'repogen generate --help')
          help [command]       Show help

        OPTIONS:
          -h, --help           Show help
          --version            Show the version

        EXIT CODES:
          0  success (or check mode found no differences)
          1  check mode found differences
          2  usage error (unknown option, missing argument)
          3  errors in the input (specs or templates); nothing was written
          4  the output could not be written

        """

    static let generate = """
        USAGE: repogen generate <spec>... [--output <dir>] [--templates <dir>] [--check] [--quiet]

        Reads each spec (e.g. Specs/store.json, domain 'Store') and writes below the output folder:
          <Domain>/<Domain>Api.swift            the API enum and its RequestType extension
          <Domain>/<Domain>Repository.swift     the Repository protocol and its Impl
          <Domain>/Mock<Domain>Repository.swift the Mock repository

        OPTIONS:
          -o, --output <dir>     Output folder (default: Generated)
          -t, --templates <dir>  Folder of .mustache templates that replace the built-in ones of the same name
          --check                Write nothing; exit 1 and print a unified diff if files on disk differ
          -q, --quiet            Print only errors
          -h, --help             Show this help

        Only files whose contents change are written; a file without repogen's header is never overwritten.

        """
}

/// Process exit codes, documented in `repogen --help` and the README.
enum ExitCode: Int32 {
    case success = 0
    case differences = 1
    case usage = 2
    case inputErrors = 3
    case writeFailed = 4
}
