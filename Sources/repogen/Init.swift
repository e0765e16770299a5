import Foundation
import RepogenCore

/// `repogen init`: a starter config and spec, like SwiftGen's `config init`, so that `repogen generate` works
/// at once and the files show the keys to edit.
enum StarterFiles {
    /// The config (`repogen.yaml` or `repogen.json`) and `Specs/todo.<format>`, in that order.
    static func files(format: String) -> [OutputFile] {
        format == "json"
            ? [OutputFile(relativePath: "repogen.json", contents: jsonConfig), OutputFile(relativePath: "Specs/todo.json", contents: jsonSpec)]
            : [OutputFile(relativePath: "repogen.yaml", contents: yamlConfig), OutputFile(relativePath: "Specs/todo.yaml", contents: yamlSpec)]
    }

    static let yamlConfig = """
        # repogen's config: what 'repogen generate' does without arguments. Paths are relative to this file.
        # Every key is in repogen's Documentation/CommandLine.md, "The config file".
        specs: [Specs]            # spec files, or folders of them (one domain per file: Specs/todo.yaml -> Todo)
        output: Generated         # where the Swift files go; commit them, and run 'repogen generate --check' in CI
        \("style: \(OutputStyle.defaultStyle.name)".padding(toLength: 26, withPad: " ", startingAt: 0))# \(OutputStyle.namesList)
        accessLevel: public       # or internal
        mocks: debug              # the mocks inside #if DEBUG; inline, none, or only (for a test-support folder)

        """

    static let jsonConfig = """
        {
          "specs": ["Specs"],
          "output": "Generated",
          "style": "\(OutputStyle.defaultStyle.name)",
          "accessLevel": "public",
          "mocks": "debug"
        }

        """

    static let yamlSpec = """
        # A starter spec: the domain 'Todo' (from the file name), its models and endpoints. Edit it and run
        # 'repogen generate'; repogen's Documentation/SpecLanguage/ lists every key.
        models:
          Todo:
            description: One item of the list.
            fields:
              id: Int
              title: String
              done: Bool

        endpoints:
          - name: fetchTodos
            description: Every item.
            method: GET
            path: /todos
            response: "[Todo]"
            example: [{ id: 1, title: Try repogen, done: false }]   # what the mock answers until a test stubs it

          - name: fetchTodo
            method: GET
            path: /todos/{id}
            inputs:
              - { name: id, type: Int }
            response: Todo

          - name: createTodo
            method: POST
            path: /todos
            inputs:
              - { name: title, type: String }
            param: { title: "{title}", done: false }
            response: Todo

          - name: deleteTodo
            method: DELETE
            path: /todos/{id}
            inputs:
              - { name: id, type: Int }

        """

    static let jsonSpec = """
        {
          "models": {
            "Todo": {
              "description": "One item of the list.",
              "fields": { "id": "Int", "title": "String", "done": "Bool" }
            }
          },
          "endpoints": [
            {
              "name": "fetchTodos",
              "description": "Every item.",
              "method": "GET",
              "path": "/todos",
              "response": "[Todo]",
              "example": [{ "id": 1, "title": "Try repogen", "done": false }]
            },
            {
              "name": "fetchTodo",
              "method": "GET",
              "path": "/todos/{id}",
              "inputs": [{ "name": "id", "type": "Int" }],
              "response": "Todo"
            },
            {
              "name": "createTodo",
              "method": "POST",
              "path": "/todos",
              "inputs": [{ "name": "title", "type": "String" }],
              "param": { "title": "{title}", "done": false },
              "response": "Todo"
            },
            {
              "name": "deleteTodo",
              "method": "DELETE",
              "path": "/todos/{id}",
              "inputs": [{ "name": "id", "type": "Int" }]
            }
          ]
        }

        """
}

func initialize(_ arguments: InitArguments) -> ExitCode {
    let files = StarterFiles.files(format: arguments.format)
    // Never over a config or spec that is there (nor beside another config, which would be the one read).
    let directory = arguments.directory
    if let existing = Config.find(in: directory) {
        printError("error: \(existing): already exists; repogen init writes a new config, and leaves this one as it is")
        return .writeFailed
    }
    let written: [String]
    do {
        written = try FileWriter.create(files, in: directory)
    } catch {
        printError(error.description)
        return .writeFailed
    }
    for path in written { print("wrote \(path)") }
    let generate = directory == "." ? "repogen generate" : "cd \(Settings.shellQuoted(directory)) && repogen generate"
    print("next: edit \(files[1].relativePath), then run '\(generate)' (it writes Generated/Todo/)")
    return .success
}
