/// The member names the generated mock declares for each repository method, and the check that no two clash.
enum MockMembers {
    /// Every member name the mock declares for `method` in `style` (`OutputStyle.mockMemberSuffixes`), the
    /// method itself included.
    static func names(for method: String, style: OutputStyle) -> [String] {
        [method] + style.mockMemberSuffixes.map { method + $0 }
    }
}

extension SpecValidator {
    /// Reports repository methods whose mock members would have the same name as another method's members.
    mutating func checkMockMembers(_ endpoints: [EndpointSpec], domain: String) {
        // Nearly always nothing clashes: a set of the names answers that without keeping where each came from
        // (a large spec has tens of thousands of members). Only a clash needs the owners, for its message.
        var members = Set<String>(minimumCapacity: endpoints.count * (style.mockMemberSuffixes.count + 1))
        let suffixes = [""] + style.mockMemberSuffixes
        let clashes = !endpoints.allSatisfy { endpoint in
            let method = (endpoint.repositoryMethod ?? endpoint.name).value
            return suffixes.allSatisfy { members.insert(method + $0).inserted }
        }
        if clashes { reportMockMemberClashes(endpoints, domain: domain) }
    }

    /// The clashes `checkMockMembers` found, each at the later method, naming the earlier.
    private mutating func reportMockMemberClashes(_ endpoints: [EndpointSpec], domain: String) {
        var owners: [String: Located<String>] = [:]
        owners.reserveCapacity(endpoints.count * (style.mockMemberSuffixes.count + 1))
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
                        + "(both would declare 'Mock\(domain)Repository.\(clash.member)')"
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
