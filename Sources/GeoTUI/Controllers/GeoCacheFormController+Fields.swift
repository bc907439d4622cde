import GeoModel

/// The form's fields as the controller reads and fills them, and the form's delegate
/// calls that ask for a repaint.
extension GeoCacheFormController {

    func currentFieldValues() -> [GeoCache.Field: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.input.text) })
    }

    func setFieldValues(_ values: [GeoCache.Field: String]) {
        for entry in fields { entry.input.text = values[entry.field] ?? "" }
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
