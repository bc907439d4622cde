import Foundation

/// The least and the greatest great-circle distance from an origin to any place inside
/// a box of latitudes and longitudes: what a best-first nearest search scores a box of
/// its index with, so that no place inside it can come before the box's score.
///
/// Both bounds are exact on the sphere ``Coordinate/distance(to:)`` measures on, less
/// (or more) ``slack`` for rounding: a search may then look into a box it need not,
/// never skip one it must.
struct DistanceBounds {
    /// What two ways of working out one distance in floating point may differ by, in
    /// metres, at most (far less near the origin; centimetres near the antipode).
    static let slack = 1.0
    /// Half the Earth's circumference: no two places are farther apart.
    static let greatestDistance = Double.pi * Coordinate.earthRadius

    /// More than any distance or bound of one: a best-first search going back (farthest
    /// first) scores by what is left of it, so every score is positive (an R*Tree takes
    /// none below zero).
    static let farthest = greatestDistance + 4 * slack

    let origin: Coordinate
    private let fromOrigin: Point
    private let fromAntipode: Point

    init(origin: Coordinate) {
        self.origin = origin
        let latitude = origin.latitude * .pi / 180, longitude = origin.longitude * .pi / 180
        fromOrigin = Point(latitude: latitude, longitude: longitude)
        fromAntipode = Point(latitude: -latitude, longitude: longitude > 0 ? longitude - .pi : longitude + .pi)
    }

    /// At most the distance from the origin to any place in the box (edges included) of
    /// microdegrees `south`...`north`, `west`...`east` (west never east of east).
    func least(south: Double, north: Double, west: Double, east: Double) -> Double {
        max(0, fromOrigin.least(to: Box(microdegrees: south, north, west, east)) - Self.slack)
    }

    /// At least the distance from the origin to any place in the box: every place is as
    /// far from the origin as half the circumference less its distance from the antipode.
    func greatest(south: Double, north: Double, west: Double, east: Double) -> Double {
        Self.greatestDistance - fromAntipode.least(to: Box(microdegrees: south, north, west, east)) + Self.slack
    }

    // MARK: Scores of a best-first search

    /// The score of a place at `distance` from the origin: the smaller comes first.
    static func score(of distance: Double, forward: Bool) -> Double {
        forward ? distance : farthest - distance
    }

    /// The score of a box: no place inside it scores less.
    func score(south: Double, north: Double, west: Double, east: Double, forward: Bool) -> Double {
        forward ? least(south: south, north: north, west: west, east: east)
            : Self.farthest - greatest(south: south, north: north, west: west, east: east)
    }

    /// True when every place inside the box is nearer than `distance` (farther, going
    /// back): none of them comes after a key at that distance.
    func isWhollyBefore(_ distance: Double, south: Double, north: Double, west: Double, east: Double,
                        forward: Bool) -> Bool {
        forward ? greatest(south: south, north: north, west: west, east: east) < distance
            : least(south: south, north: north, west: west, east: east) > distance
    }

    /// A box in radians.
    private struct Box {
        let south, north, west, east: Double

        init(microdegrees south: Double, _ north: Double, _ west: Double, _ east: Double) {
            let scale = Double.pi / 180 / 1_000_000
            (self.south, self.north, self.west, self.east) = (south * scale, north * scale, west * scale, east * scale)
        }
    }

    /// A place in radians, with the sine and cosine of its latitude.
    private struct Point {
        let latitude, longitude, sinLatitude, cosLatitude: Double

        init(latitude: Double, longitude: Double) {
            (self.latitude, self.longitude) = (latitude, longitude)
            (sinLatitude, cosLatitude) = (sin(latitude), cos(latitude))
        }

        /// The least distance to a place in `box`, exactly (up to rounding). Within the
        /// box's longitudes the nearest place is on this meridian; outside them it is on
        /// one of the box's two meridians (a parallel's nearest place to a point is its
        /// end nearest in longitude, a corner).
        func least(to box: Box) -> Double {
            if longitude >= box.west, longitude <= box.east {
                if latitude < box.south { return Coordinate.earthRadius * (box.south - latitude) }
                if latitude > box.north { return Coordinate.earthRadius * (latitude - box.north) }
                return 0
            }
            return min(least(toMeridian: box.west, box), least(toMeridian: box.east, box))
        }

        /// The least distance to the meridian `longitude` between the box's latitudes:
        /// along it the cosine of the distance is `a sin φ + b cos φ`, a cosine of φ at
        /// its greatest at `atan2(a, b)`, so the least distance is there when it lies
        /// between the latitudes, else at one of them.
        private func least(toMeridian meridian: Double, _ box: Box) -> Double {
            let Δλ = meridian - longitude
            let peak = atan2(sinLatitude, cosLatitude * cos(Δλ))
            let sinHalfΔλ = sin(Δλ / 2)
            func distance(_ φ: Double) -> Double {
                let sinHalfΔφ = sin((φ - latitude) / 2)
                let h = sinHalfΔφ * sinHalfΔφ + cosLatitude * cos(φ) * sinHalfΔλ * sinHalfΔλ
                return 2 * Coordinate.earthRadius * asin(min(1, sqrt(h)))
            }
            return min(distance(box.south), distance(box.north), distance(min(max(peak, box.south), box.north)))
        }
    }
}
