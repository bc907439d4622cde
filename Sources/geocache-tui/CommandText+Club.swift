import GeoModel

/// What `club init` says, and the notes and refusals of a club store's rules.
extension CommandText {
    /// `edit --owner ROLE` by a keeper, when the club store finds `role` is none of its members.
    static func handOverToNonMember(_ role: String, store: String) -> String {
        "\(store) refused the hand-over: \(role) is not one of the club's members (a keeper hands caches to members "
            + "or to the club); nothing was stored."
    }

    /// `edit --owner ROLE` with other changes, when the hand-over was stored and the
    /// changes after it were not (kept on this machine, or met what the next line says).
    static func handedOverAlone(_ cache: StoredCache) -> String {
        let whose = switch cache.club?.owner {
        case .member(let role)?: ConflictText.visible(role)
        default: "the club"
        }
        return "\(ConflictText.visible(cache.cache.code ?? "the cache")) was handed to \(whose) (stored); the other changes, "
            + "a write of their own after it:"
    }

    /// What `club init` did, for standard output.
    static func clubSetUp(_ setUp: ClubSetUp, store: String) -> [String] {
        let made = switch (setUp.madeMemberRole, setUp.madeKeeperRole) {
        case (true, true): " (both made now)."
        case (true, false): " (\(setUp.roles.member) made now)."
        case (false, true): " (\(setUp.roles.keeper) made now)."
        case (false, false): "."
        }
        var lines = ["The club's rules are set up on \(store): members are in \(setUp.roles.member), keepers in "
                     + "\(setUp.roles.keeper)" + made]
        if let previous = setUp.previousOwner {
            lines.append("The club's tables belonged to \(previous); they are \(setUp.owner)'s now, and the rules bind "
                         + "every other role.")
        }
        if setUp.madeClubs > 0 {
            lines.append("\(caches(setUp.madeClubs)) stored before the rules \(setUp.madeClubs == 1 ? "is" : "are") "
                         + "the club's now.")
        }
        if setUp.clubCaches > 0 {
            let one = setUp.clubCaches == 1
            lines.append("\(caches(setUp.clubCaches)) \(one ? "belongs" : "belong") to the club until a keeper hands "
                         + "\(one ? "it" : "them") over (edit --code CODE --owner ROLE).")
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
        case .setUp(let setUp): clubSetUp(setUp, store: store) + (setUp.openSchema.map { [schemaOpenToPublic($0)] } ?? [])
        case .rulesDoNotBind(let role, let roles): rulesDoNotBind(role: role, roles: roles)
        }
    }

    /// `club init` (and a set-up said once), when `PUBLIC` may still create objects in
    /// the club's schema: the server took nothing away, as only the schema's owner may.
    static func schemaOpenToPublic(_ open: ClubSchemaOpening) -> String {
        let owner = open.owner == "pg_database_owner" ? "the database's owner" : open.owner
        return "PUBLIC may still create objects in the schema \(open.schema), where the club's tables are: a member could "
            + "plant a function there that a keeper's or the admin's session runs. Only \(owner) (or a superuser) may take "
            + "that away: run REVOKE CREATE ON SCHEMA \(ClubRoles.sqlName(open.schema)) FROM PUBLIC; in the database as "
            + "that role, then club init again. The rest of the club's rules are set up."
    }
}
