/// Validation of `query`: what always goes to the URL query string beside a param that is the JSON body.
extension SpecValidator {
    /// The query, checked like a param that goes to the query string (a reference, keys, or a list of those);
    /// nil after an error.
    ///
    /// Where the param already goes to the query string (GET, `usingQuery: true`, an upload) `query` is an error
    /// rather than merged into it: its keys belong in `param`, and with one place for them no key is given twice.
    mutating func validateQuery(
        _ spec: ParamSpec, at location: SourceLocation, inQuery: Bool, scope: InputScope, valueKeys: Set<String> = []
    ) -> Param? {
        if inQuery {
            error(
                "'query' of endpoint '\(scope.endpoint)' sends keys in the query string beside a JSON body, but its "
                    + "param already goes to the query string (GET, 'usingQuery: true' or an upload); write these "
                    + "keys in 'param'", at: location)
            return nil
        }
        return validateParam(spec, scope: scope, inQuery: true, valueKeys: valueKeys)
    }
}
