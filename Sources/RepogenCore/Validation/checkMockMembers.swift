/// The member names the generated mock declares for each repository method, and the check that no two clash.
enum MockMembers {
    /// Every member name the mock declares for `method` in `style` (`OutputStyle.mockMemberSuffixes`), the
    /// method itself included.
    static func names(for method: String, style: OutputStyle) -> [String] {
        [method] + style.mockMemberSuffixes.map { method + $0 } + style.mockMemberPrefixes.map { $0 + method }
    }

    /// Every member name some style's mock (or `tca` client) declares for `method`: what `repogen import` keeps the
    /// methods of a document apart by, so that its specs generate in every style.
    static func namesInEveryStyle(for method: String) -> Set<String> {
        Set(OutputStyle.all.flatMap { names(for: method, style: $0) })
    }
}

extension SpecValidator {
    /// Reports repository methods whose mock members would have the same name as another method's members.
    mutating func checkMockMembers(_ endpoints: [EndpointSpec], domain: String) {
        // Nearly always nothing clashes: a set of the names answers that without keeping where each came from
        // (a large spec has tens of thousands of members). Only a clash needs the owners, for its message.
        let perMethod = style.mockMemberSuffixes.count + style.mockMemberPrefixes.count + 1
        var members = Set<String>(minimumCapacity: endpoints.count * perMethod)
        let clashes = !endpoints.allSatisfy { endpoint in
            MockMembers.names(for: (endpoint.repositoryMethod ?? endpoint.name).value, style: style).allSatisfy {
                members.insert($0).inserted
            }
        }
        if clashes { reportMockMemberClashes(endpoints, domain: domain) }
    }

    /// The clashes `checkMockMembers` found, each at the later method, naming the earlier.
    private mutating func reportMockMemberClashes(_ endpoints: [EndpointSpec], domain: String) {
        var owners: [String: Located<String>] = [:]
        owners.reserveCapacity(endpoints.count * (style.mockMemberSuffixes.count + style.mockMemberPrefixes.count + 1))
        let mockType = style.mockTypeName(DomainNames(domain: domain))
        for endpoint in endpoints {
            let method = endpoint.repositoryMethod ?? endpoint.name
            let members = MockMembers.names(for: method.value, style: style)
            var clash: (member: String, owner: Located<String>)?
            for member in members {
                if let owner = owners[member], clash == nil {
                    clash = (member, owner)
                }
            }
            if let clash {
                let detail =
                    clash.member == method.value && clash.owner.value == method.value
                    ? "repository method '\(method.value)' is declared twice"
                    : "repository method '\(method.value)' clashes with '\(clash.owner.value)' "
                        + "(both would declare '\(mockType).\(clash.member)')"
                error(
                    "\(detail) (first at line \(clash.owner.location.line)); "
                        + "give one of them a different 'repositoryMethod'", at: method.location)
                continue
            }
            for member in members {
                owners[member] = method
            }
        }
    }
}
