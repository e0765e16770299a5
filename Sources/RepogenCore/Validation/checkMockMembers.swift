/// The member names the generated mock declares for each repository method, and the check that no two clash.
enum MockMembers {
    /// Suffixes added to a method's name for its mock members: one `MockMethod` each (`fetchMock`), which holds
    /// the calls and stubs. (Forwarding properties in Sourcery's style, `fetchCallsCount` and a settable
    /// `fetchResult`, cost the compiler several milliseconds each, seconds in a domain of 1,000 endpoints.)
    static let suffixes = ["Mock"]

    /// Every member name the mock declares for `method`, the method itself included.
    static func names(for method: String) -> [String] {
        [method] + suffixes.map { method + $0 }
    }
}

extension SpecValidator {
    /// Reports repository methods whose mock members would have the same name as another method's members.
    mutating func checkMockMembers(_ endpoints: [EndpointSpec], domain: String) {
        var owners: [String: Located<String>] = [:]
        owners.reserveCapacity(endpoints.count * (MockMembers.suffixes.count + 1))
        for endpoint in endpoints {
            let method = endpoint.repositoryMethod ?? endpoint.name
            let members = MockMembers.names(for: method.value)
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
