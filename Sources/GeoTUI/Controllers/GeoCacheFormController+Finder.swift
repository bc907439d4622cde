import Foundation
import GeoModel

/// The finder's prompt in the status row (Alt-L, Alt-N, Alt-C): a visit logged on the
/// spot, the person's own note, their corrected coordinates. Each goes through the
/// model's write session like every write (sent, or kept on this machine), and the
/// pane shows the result (found, note, final) from ``CacheList/own``.
extension GeoCacheFormController {
    /// Opens the prompt for `kind` on the shown cache, the field holding what is kept.
    func openFinderPrompt(_ kind: FinderPrompt.Kind) {
        guard let target = model.current else { return setNote(FormText.noCacheToRecord(kind)) }
        if refusedAsReadOnly() { return }
        let own = model.ownData(of: target.cache)
        switch kind {
        case .visit: statusBar.field.text = ""
        case .note: statusBar.field.text = own.note
        case .correctedPlace: statusBar.field.text = own.corrected?.geocachingText ?? ""
        }
        textQuitMayDrop = statusBar.field.text
        mode = .recording(FinderPrompt(target: target, kind: kind, startedFrom: own))
        showPromptOf(kind)
    }

    /// Turns the visit prompt to the next or previous kind of visit; a note's or a
    /// final's prompt, which has no kind, says so.
    func cycleVisitType(forward: Bool) {
        guard let prompt = mode.finderPrompt else { return }
        guard prompt.kind.isVisit else { return setNote(FormText.noKindToTurn(prompt.kind)) }
        let next = prompt.cyclingType(forward: forward)
        mode = .recording(next)
        showPromptOf(next.kind)
    }

    /// The status row's prompt and note for `kind`.
    private func showPromptOf(_ kind: FinderPrompt.Kind) {
        statusBar.prompt = FormText.finderPrompt(kind)
        dirty.insert(.status)
        setNote(FormText.finderPromptOpened(kind))
    }

    /// Records what the prompt holds; a text that cannot be kept (a coordinate that is
    /// none, a NUL) is refused naming what is wrong, and the prompt stays open.
    func recordPrompt() {
        guard let prompt = mode.finderPrompt else { return }
        let text = statusBar.field.text
        let code = prompt.target.cache.code ?? ""
        // A change of what the prompt opened with: another session's newer one is met, not replaced.
        var own = prompt.startedFrom
        let read = own
        do {
            let result: WriteResult<Void>
            let done: String
            switch prompt.kind {
            case .visit(let type):
                let now = position.timeNow
                let visit = Visit(code: code, time: Visit.time(of: now.time), type: type, text: text)
                let logged = try model.logVisit(visit)
                result = logged.map { _ in () }
                if case .stored(let recorded) = logged, recorded.added == 0 {
                    done = FormText.visitAlreadyLogged(visit)
                } else {
                    done = FormText.visitLogged(visit, fixTimeLeft: now.fixTimeLeft)
                }
            case .note:
                own.note = text.trimmingCharacters(in: .whitespacesAndNewlines)
                result = try model.setOwnData(own, forCode: code, from: read).map { _ in () }
                done = !own.note.isEmpty ? FormText.noteKept
                    : read.note.isEmpty ? FormText.noNoteToRemove : FormText.noteRemoved
            case .correctedPlace:
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                do {
                    own.corrected = trimmed.isEmpty || trimmed.lowercased() == "none" ? nil : try Coordinate(parsing: trimmed)
                } catch {
                    showError(FormText.notAFinal(error), failed: .ownData)
                    return setNote(FormText.notAFinalNote)
                }
                result = try model.setOwnData(own, forCode: code, from: read).map { _ in () }
                let listingPlaced = prompt.target.cache.coordinate != nil
                done = own.corrected.map(FormText.finalKept)
                    ?? (read.corrected == nil ? FormText.noFinalToRemove(listingPlaced: listingPlaced)
                        : FormText.finalRemoved(listingPlaced: listingPlaced))
            }
            // The prompt's cache deleted meanwhile: another is shown, and the note names the code.
            let shown = model.current?.id == prompt.target.id
            finish(result, done: shown ? done : FormText.recorded(done, forCode: code), on: prompt.target.id,
                   failed: prompt.failed)
        } catch OwnDataEditError.changedElsewhere(_, _, let now) {
            metChangeElsewhere(now, by: prompt, yours: own)
        } catch let error as FinderInputError {
            showError(FormText.cannotRecord(error), failed: prompt.failed)
            setNote(FormText.nothingRecorded)
        } catch {
            let hint = reopenHint(after: error)
            closePrompt(note: "")
            showError(FormText.couldNotRecord(error, hint: hint), failed: prompt.failed)
        }
    }

    /// The prompt's note or final was changed in another session (to `now`) while it
    /// was open: nothing was kept, the prompt stays open with `yours`, the pane shows
    /// both, and Enter then keeps yours over it.
    private func metChangeElsewhere(_ now: OwnData, by prompt: FinderPrompt, yours: OwnData) {
        mode = .recording(prompt.startingFrom(now))
        showError(FormText.changedWhileRecording(prompt.target.cache, kind: prompt.kind, now: now, yours: yours),
                  failed: prompt.failed)
        setNote(FormText.changedWhileRecordingNote(prompt.kind))
    }

    /// Ends a prompt's write (a visit, a note, a place) as its result says: `done` once
    /// stored, the count once kept on this machine, `refused` beside the server's reason;
    /// the prompt stays open for Enter to try again after a lock or an unknown outcome.
    func finish<T>(_ result: WriteResult<T>, done: String, on cache: CacheID, failed: PaneError.Failed,
                   refused: String = FormText.nothingRecorded) {
        switch result {
        case .stored:
            closePrompt(note: done, about: cache)
        case .kept(_, let waiting):
            closePrompt(note: FormText.keptOnThisMachine(waiting: waiting))
        case .lockHeld(let holder):
            setNote(FormText.recordHeldByLock(holder: holder))
        case .outcomeUnknown:
            noteOutcomeUnknown()
        case .refused(let error):
            closePrompt(note: refused)
            showError(FormText.refusedByServer(error, keepingText: false), failed: failed)
        }
    }
}
