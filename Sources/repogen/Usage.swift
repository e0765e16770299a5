import Foundation
import RepogenCore

/// Help texts and exit codes.
enum Usage {
    static let version = RepogenVersion.current

    static let main = """
        repogen \(version): generates the Swift networking layer (models, API enum, RequestType, Repository, Impl,
        Mock) from endpoint specs in JSON or a YAML-like format.

        USAGE: repogen <command> [options]

        COMMANDS:
          init [<dir>]           Write a starter config and spec (see 'repogen init --help')
          generate [<spec>...]   Generate Swift files (see 'repogen generate --help')
          import <openapi>       Write specs from an OpenAPI 3 document (see 'repogen import --help')
          diff <old> <new>       Report what changed in the API between two versions of the specs, breaking
                                 changes first (see 'repogen diff --help')
          templates list         List the built-in templates
          templates export <dir> Write the built-in templates to a folder, to customise them
          help [command]         Show help

        OPTIONS:
          -h, --help             Show help
          --version              Show the version

        EXIT CODES:
          0  success (or check mode found no differences)
          1  check mode found differences; diff --fail-on found such a change
          2  usage error (unknown option, missing argument)
          3  errors in the input (specs, config or templates); nothing was written
          4  the output could not be written

        """

    /// One line per output style, for the help of `generate`.
    static var styleLines: String {
        OutputStyle.all.map { "                              " + $0.name.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }

    static let importing = """
        USAGE: repogen import <openapi.json|yaml> [options]

        Reads an OpenAPI 3.0 or 3.1 document (JSON or YAML) and writes one repogen spec per domain into the output
        folder: Specs/pet.yaml for the tag 'pet' (domain 'Pet'). Models come from components/schemas and inline
        schemas; each is written into the first spec (in file order) that uses it, and the others list it under
        externalTypes. What a spec cannot say is a warning at its line and column in the document. The document's
        server and auth scheme are printed as NetworkConfiguration settings (and written atop each YAML spec).
        A rerun writes the same bytes for the same document, so a changed document shows as a clean diff; a YAML
        spec an earlier import of the same document wrote, which no operation needs now, is removed.

        OPTIONS:
          -o, --output <dir>        Folder for the specs (default: Specs)
          --domains <grouping>      by-tag (default): one spec per operation's first tag ('default' without one);
                                    by-path-prefix: one per first path segment after the prefix all paths share
          --format <format>         yaml (default) or json
          --check                   Write nothing; exit 1 and show a diff if the specs in the folder differ
          -q, --quiet               Print only warnings, errors and the summary line
          -v, --verbose             Print every warning (by default, warnings of one kind are one line: the
                                    first, and how many more there are)
          -h, --help                Show help

        EXAMPLE:
          repogen import openapi.yaml --output Specs && repogen generate Specs

        """

    static let generate = """
        USAGE: repogen generate [<spec or folder>...] [options]

        Reads each spec (e.g. Specs/store.json, domain 'Store'; a folder means every .json/.yaml/.yml in it) and
        writes below the output folder:
          <Domain>/<Domain>Models.swift         the models the spec defines
          <Domain>/<Domain>Api.swift            the API enum and its RequestType extension
          <Domain>/<Domain>Repository.swift     the Repository protocol and its Impl
          <Domain>/Mock<Domain>Repository.swift the Mock repository
        The clean style adds <Domain>/<Domain>UseCases.swift; the tca style writes <Domain>/<Domain>Client.swift,
        <Domain>Client+Live.swift and <Domain>Client+Mock.swift instead of the mock, and one APIError.swift in
        the output folder. A spec's 'modelFiles: N' spreads its models over <Domain>Models.swift and
        <Domain>Models2.swift to <Domain>ModelsN.swift.

        Without specs, the config file (repogen.json or repogen.yaml in the current folder) says what to do;
        options given here override it.

        OPTIONS:
          -c, --config <file>       Config file (default: repogen.json or repogen.yaml if present)
          -o, --output <dir>        Output folder (default: Generated)
          -t, --templates <dir>     Folder of .mustache templates that replace the built-in ones of the same name
          --access-level <level>    public (default) or internal
          --mocks <mode>            Where the mocks go: debug (default: in the output, inside #if DEBUG, so
                                    release builds leave them out), inline (always compiled), none (not
                                    written), only (nothing else: for a test-support folder that imports
                                    the module with the rest)
          -s, --style <style>       The repository's shape, for every spec (default: a spec's own 'style',
                                    else the config's, else result):
        \(styleLines)
          --check                   Write nothing; exit 1 and print a unified diff for every file that would
                                    change, be created or be removed (with --quiet, only the summary line)
          -f, --force               Regenerate and compare every file even if the output is up to date
          --cache-dir <dir>         Where to keep the record of runs for quick reruns (default: $REPOGEN_CACHE_DIR,
                                    else .build/repogen of the package around the output folder if it has
                                    been built, else the user's cache folder, e.g. ~/.cache/repogen)
          -q, --quiet               Print only errors (and check mode's summary line)
          -v, --verbose             Also list unchanged files
          --no-shared-files         Leave out the files a style writes once per output folder (tca's
                                    APIError.swift): for a second run into the same folder, as the build plugin does
          -h, --help                Show this help

        Only files whose contents change are written, atomically; a file without repogen's header is never
        overwritten or removed. Generated files whose spec is gone are removed. A rerun whose inputs (specs,
        templates, options, output folder, repogen build) are unchanged, and whose output files are exactly what
        the last run wrote, skips parsing and rendering. The record of that run is kept in the cache folder
        (see --cache-dir), never in the output folder; --force or deleting it forces a full run.

        """

    static let diff = """
        USAGE: repogen diff <old spec or folder> <new spec or folder> [options]
               repogen diff --base <git revision> [<spec or folder>...] [options]

        Reads two versions of the specs, validates both as 'generate' does, and reports what changed in the API
        (not in the text): endpoints, inputs, requests, responses, caching, models, fields, enum and union cases,
        domain types. Each change is classified for source (does the app's code that calls the generated API still
        compile: breaking, additive, none) and for the wire (what the server sees and the app decodes: breaking,
        compatible, none), with where the old and the new side are written. A removal and an addition of the same
        shape are reported as a possible rename. Specs are paired by domain (file name); two files are one domain.
        With --base, the old specs are read with git from that revision and the new ones from the working tree;
        without specs, those the config lists.

        OPTIONS:
          -b, --base <revision>     Compare the working tree's specs with those of a git revision (main, HEAD~1,
                                    v1.2.0)
          -c, --config <file>       Config whose 'specs' to compare with --base (default: repogen.json or
                                    repogen.yaml if present)
          --format <format>         text (default), markdown (a summary line and a table, for a pull request)
                                    or json (for tools)
          --fail-on <what>          Exit 1 when a change is breaking (source or wire), source (source-breaking)
                                    or wire (wire-breaking)
          -h, --help                Show this help

        EXIT CODES: 0 the report was printed (and nothing matched --fail-on); 1 a change matched --fail-on;
        2 usage error; 3 a spec of either side has errors (nothing is compared) or git could not read the revision.
        The kinds of change and how each is classified: Documentation/ReviewingChanges.md.

        """

    static let initialize = """
        USAGE: repogen init [<dir>] [--format yaml|json]

        Writes a starter config (repogen.yaml, or repogen.json with --format json) and a starter spec
        (Specs/todo.yaml) into <dir> (default: the current folder), so that 'repogen generate' works at once.
        Nothing is written when the folder already has a config or either file exists.

        """

    static let templates = """
        USAGE: repogen templates list [--style <style>]
               repogen templates export <dir> [--style <style>]

        'list' names the built-in templates of a style (default: result); 'export' writes them as .mustache files
        to <dir>, as a starting point for 'repogen generate --style <style> --templates <dir>'. The view model they
        receive is documented in Documentation/Templates.md.

        """
}

/// Process exit codes, documented in `repogen --help` and Documentation/CommandLine.md.
enum ExitCode: Int32 {
    case success = 0
    case differences = 1
    case usage = 2
    case inputErrors = 3
    case writeFailed = 4
}
