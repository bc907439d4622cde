import GeoModel

/// The form's fields as the controller reads and fills them, and the form's delegate
/// calls that ask for a repaint.
extension GeoCacheFormController {

    func currentFieldValues() -> [GeoCache.Field: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.input.text) })
    }

    /// Puts `values` in the fields. A value over ``TextField/editableBytes`` that is the
    /// field of a cache in `stored` (loaded from the store for an edit) is kept whole, not
    /// edited, and saved as stored; any other (what the person typed or pasted: a draft,
    /// the fields an edit had put aside) stays editable as it was when typed.
    func setFieldValues(_ values: [GeoCache.Field: String], loadedFrom stored: [GeoCache] = []) {
        for entry in fields {
            let value = values[entry.field] ?? ""
            let isStored = stored.contains { $0.valuesByField[entry.field] == value }
            entry.input.setText(value, ifLong: isStored ? .keptWhole : .edited)
        }
        dirty.insert(.form)
    }

    func clearFields() {
        setFieldValues([:])
        form.focusField(at: 0)
    }
}

extension GeoCacheFormController: FormDelegate {
    /// Repaints the form after an edit.
    public func form(_ form: Form, didChangeFieldAt index: Int) {
        dirty.insert(.form)
    }

    /// The buttons carry their own actions (set up in ``init(model:position:theme:)``).
    public func form(_ form: Form, didPressButtonAt index: Int) {}

    /// Repaints the form: the focused label moved.
    public func formDidMoveFocus(_ form: Form) {
        dirty.insert(.form)
    }
}
