/// `func fetchStore(storeId: Int) async -> Result<Store, Error>`: the repository answers every call with a `Result`.
/// The default style. It adds nothing to what every style declares, reserves and checks.
struct ResultStyle: StyleBehaviour {
    let name = "result"
    let summary = "async -> Result<T, Error> (the default)"
}
