extension JSONStoredBytesTests {
    /// `list --json` of the store with ``cache`` and Old Oak, as the program wrote it
    /// before it wrote from the store's bytes (DEL and U+0085 are written as they are).
    static let pinnedListing = #"""
        [
          {
            "archived" : true,
            "attributes" : [
              {
                "id" : "1",
                "name" : "Dogs",
                "on" : true,
                "source" : "groundspeak"
              },
              {
                "id" : "6",
                "name" : "Kids \"ok\"",
                "on" : false,
                "source" : "groundspeak"
              }
            ],
            "available" : false,
            "cacheID" : "4711",
            "code" : "GC1A2B3",
            "container" : "Small",
            "country" : "Schweiz",
            "creator" : "chloé",
            "details" : "Line\none\r\b\f\u001b\u0001\tend\#u{85}",
            "difficulty" : 1.5,
            "hint" : "Under \"the\" root, ß",
            "latitude" : 47.376900,
            "logs" : [
              {
                "date" : "2024-05-01T19:00:00Z",
                "finder" : "bo",
                "finderID" : "77",
                "id" : "123",
                "text" : "TFTC\n\"ü\"",
                "type" : "Found it"
              },
              {
                "date" : "2024-04-01T00:00:00Z",
                "finder" : "ana",
                "text" : "",
                "type" : "Write note"
              }
            ],
            "longDescription" : "<p>Lång\u001f</p>",
            "longDescriptionIsHTML" : true,
            "longitude" : -8.541700,
            "ownerID" : "42",
            "ownerName" : "Ömer",
            "placed" : "2004-08-07T07:00:00Z",
            "reward" : "Coin",
            "shortDescription" : "Kurz\t",
            "shortDescriptionIsHTML" : true,
            "state" : "Zürich",
            "symbol" : "Geocache Found",
            "terrain" : 5,
            "title" : "Tür \"Zürich\" \\ 東京 😀\#u{7F}",
            "travelBugs" : [
              {
                "id" : "9",
                "name" : "Bär \"Bo\"",
                "ref" : "TB1X"
              }
            ],
            "type" : "Multi-cache",
            "url" : "https://coord.info/GC1A2B3",
            "waypoints" : [
              {
                "code" : "PK1A2B3",
                "comment" : "Gratis\n",
                "kind" : "Parking Area",
                "latitude" : -0.000001,
                "longitude" : 179.999999,
                "name" : "Parkplatz",
                "symbol" : "Parking",
                "time" : "2024-01-01T00:00:00Z",
                "url" : "https://x/y",
                "urlName" : "Y"
              },
              {
                "code" : "FN1A2B3",
                "comment" : "",
                "kind" : "Final Location",
                "name" : "Ziel"
              }
            ],
            "found" : "2026-05-04T10:00:00Z",
            "note" : "Mit \"Kindern\"\n😀",
            "correctedLatitude" : 47.000001,
            "correctedLongitude" : 8.000000
          },
          {
            "code" : "GC2BCDE",
            "creator" : "ana",
            "details" : "Behind the tree",
            "reward" : "Travel bug",
            "title" : "Old Oak"
          }
        ]

        """#

    /// The JSON export of the same store, as the program wrote it before.
    static let pinnedExport = #"""
        [
          {
            "title": "Tür \"Zürich\" \\ 東京 😀\#u{7F}",
            "details": "Line\none\r\b\f\u001B\u0001\tend\#u{85}",
            "creator": "chloé",
            "reward": "Coin",
            "code": "GC1A2B3",
            "latitude": 47.376900,
            "longitude": -8.541700,
            "type": "Multi-cache",
            "container": "Small",
            "difficulty": 1.5,
            "terrain": 5,
            "hint": "Under \"the\" root, ß",
            "longDescription": "<p>Lång\u001F</p>",
            "longDescriptionIsHTML": true,
            "url": "https://coord.info/GC1A2B3",
            "placed": "2004-08-07T07:00:00Z",
            "symbol": "Geocache Found",
            "available": false,
            "archived": true,
            "travelBugs": [
              {
                "id": "9",
                "ref": "TB1X",
                "name": "Bär \"Bo\""
              }
            ],
            "logs": [
              {
                "date": "2024-05-01T19:00:00Z",
                "type": "Found it",
                "finder": "bo",
                "text": "TFTC\n\"ü\"",
                "id": "123",
                "finderID": "77"
              },
              {
                "date": "2024-04-01T00:00:00Z",
                "type": "Write note",
                "finder": "ana",
                "text": ""
              }
            ],
            "shortDescription": "Kurz\t",
            "shortDescriptionIsHTML": true,
            "country": "Schweiz",
            "state": "Zürich",
            "cacheID": "4711",
            "ownerName": "Ömer",
            "ownerID": "42",
            "attributes": [
              {
                "source": "groundspeak",
                "id": "1",
                "on": true,
                "name": "Dogs"
              },
              {
                "source": "groundspeak",
                "id": "6",
                "on": false,
                "name": "Kids \"ok\""
              }
            ],
            "waypoints": [
              {
                "code": "PK1A2B3",
                "kind": "Parking Area",
                "name": "Parkplatz",
                "comment": "Gratis\n",
                "latitude": -0.000001,
                "longitude": 179.999999,
                "symbol": "Parking",
                "time": "2024-01-01T00:00:00Z",
                "url": "https://x/y",
                "urlName": "Y"
              },
              {
                "code": "FN1A2B3",
                "kind": "Final Location",
                "name": "Ziel",
                "comment": ""
              }
            ]
          },
          {
            "title": "Old Oak",
            "details": "Behind the tree",
            "creator": "ana",
            "reward": "Travel bug",
            "code": "GC2BCDE"
          }
        ]

        """#
}
