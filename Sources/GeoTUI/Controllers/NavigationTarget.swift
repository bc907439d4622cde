import GeoModel

/// Where the navigation view leads: one of the shown cache's places, the cache's own
/// or one of its additional waypoints' (those with a place), in the pane's order.
struct NavigationTarget {
    /// One place to go to, and how the view names it: its name, and what it is to the
    /// person (" (your final)"), which a cut of the name leaves whole.
    struct Place: Equatable {
        let name: String
        var label = ""
        let coordinate: Coordinate
    }

    /// The cache whose places these are, and its title.
    let cacheID: CacheID, title: String
    /// The places, the cache's first when it has one.
    let places: [Place]
    /// The one led to now.
    private(set) var index = 0

    /// The places of `stored`, the cache's own being the person's `final` where they
    /// corrected it; nil when neither it nor any of its waypoints has one.
    init?(_ stored: StoredCache, final: Coordinate? = nil) {
        let cache = stored.cache
        var places: [Place] = []
        if let place = final ?? cache.coordinate {
            let name = [cache.code, cache.title].compactMap { $0 }.joined(separator: " ")
            places.append(Place(name: name, label: final == nil ? "" : FormText.yourFinal, coordinate: place))
        }
        for waypoint in cache.listing.waypoints {
            guard let place = waypoint.coordinate else { continue }
            let name = waypoint.name.isEmpty || waypoint.name == waypoint.kind ? "" : ": " + waypoint.name
            places.append(Place(name: "\(waypoint.code) \(waypoint.kind)\(name)", coordinate: place))
        }
        guard !places.isEmpty else { return nil }
        (cacheID, title) = (stored.id, cache.title)
        self.places = places
    }

    /// The place led to now.
    var place: Place { places[index] }

    /// Leads to the next place, after the last the first again.
    mutating func advance() { index = (index + 1) % places.count }

    /// These places, leading to the one `earlier` led to when it is still among them
    /// (by its name), else to the first.
    func leading(like earlier: NavigationTarget) -> NavigationTarget {
        var target = self
        target.index = places.firstIndex { $0.name == earlier.place.name } ?? 0
        return target
    }
}
