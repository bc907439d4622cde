import GeoModel

