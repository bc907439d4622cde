import GeoModel

/// The words of `club init` and of the notes a club store gives once: what setting up
/// the rules did, and who the rules do not bind.
extension CommandText {
    /// What `club init` did, for standard output.
    static func clubSetUp(_ setUp: ClubSetUp, store: String) -> [String] {
        var lines = ["The club's rules are set up on \(store): members are in \(setUp.roles.member), keepers in "
                     + "\(setUp.roles.keeper)" + (setUp.madeRoles ? " (both made now)." : ".")]
        if let previous = setUp.previousOwner {
            lines.append("The club's tables belonged to \(previous); they are \(setUp.owner)'s now, and the rules bind "
                         + "every other role.")
        }
        if setUp.clubCaches > 0 {
            lines.append("\(caches(setUp.clubCaches)) belong to the club until a keeper hands them over "
                         + "(edit --code CODE --owner ROLE).")
        }
        return lines + rulesDoNotBind(role: setUp.owner, roles: setUp.roles)
    }

    /// The lines said once to a role the rules do not bind, with how to make members.
    static func rulesDoNotBind(role: String, roles: ClubRoles) -> [String] {
        [
            "The club's rules do not bind \(role) (it owns the club's tables or is a superuser): use it to "
                + "administer the club, and give each member a role of their own:",
            "  CREATE ROLE ana LOGIN PASSWORD '…' IN ROLE \(ClubRoles.sqlName(roles.member));",
            "  GRANT \(ClubRoles.sqlName(roles.keeper)) TO kim;",
        ]
    }

    /// The lines of a ``ClubNote``, said once on standard error.
    static func clubNote(_ note: ClubNote, store: String) -> [String] {
        switch note {
        case .setUp(let setUp): clubSetUp(setUp, store: store)
        case .rulesDoNotBind(let role, let roles): rulesDoNotBind(role: role, roles: roles)
        }
    }
}
