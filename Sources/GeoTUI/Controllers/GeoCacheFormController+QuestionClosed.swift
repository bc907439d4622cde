/// What the form does when a question closes without its user (the delete question,
/// when another session deleted or changed its cache): the status line says it closed
/// and why, and the keys that arrive in the next ``questionClosedGrace`` are dropped
/// (``FormConditions/questionJustClosed``, in the routing rule),
/// so a `y` meant as an answer is never typed into a field or taken for anything else.
/// Quitting, repainting and suspending still work at once.
extension GeoCacheFormController {
    /// How long after a question closed by itself keys are dropped.
    static let questionClosedGrace = Duration.seconds(1)

    /// A question closed without its user, for `reason` (a sentence of ``FormText``):
    /// the status line says so, and from now, for ``questionClosedGrace``, keys are
    /// dropped. The mode is the caller's to leave. Every question or dialog that can
    /// close by itself calls this.
    func questionClosedByItself(reason: String) {
        questionClosed = (until: now() + Self.questionClosedGrace, reason: reason)
        setNote(FormText.questionClosed(reason: reason))
    }

    /// Ends the grace once it is over; a note that a key was ignored then says again
    /// only why the question closed, as keys are answered from now on.
    func endQuestionGraceIfOver() {
        guard let closed = questionClosed, now() >= closed.until else { return }
        questionClosed = nil
        if statusBar.note == FormText.keyDroppedAfterQuestion(closed.reason) {
            setNote(FormText.questionClosed(reason: closed.reason))
        }
    }
}
