//! [`SmallVec`]: a list that keeps up to `N` items in place and moves to the heap only
//! beyond them.
//!
//! A hand is small and bounded (14 tiles, 4 melds, a handful of patterns), so the lists a
//! line builds on its way from notation to a scored reading fit in fixed arrays: a batch
//! line then costs no heap allocation for them (issue 14: the allocator was a fifth of a
//! batch's instructions). Hostile input may still hold any number of tokens, so a list
//! that outgrows its array moves to a `Vec` and behaves exactly as before, only slower.
//!
//! It is written here rather than taken from a crate because it needs so little: the
//! unused slots of the array hold `T::default()`, never read, so no unsafe code is needed.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list whose first `N` items are kept in place.
#[derive(Clone)]
pub struct SmallVec<T: Clone + Default, const N: usize> {
    storage: Storage<T, N>,
}

#[derive(Clone)]
enum Storage<T, const N: usize> {
    /// The items are `items[..len]`; the rest of the array is filler.
    Inline { len: usize, items: [T; N] },
    /// More than `N` items were pushed at some point.
    Heap(Vec<T>),
}

impl<T: Clone + Default, const N: usize> SmallVec<T, N> {
    /// An empty list.
    pub fn new() -> Self {
        SmallVec {
            storage: Storage::Inline {
                len: 0,
                items: std::array::from_fn(|_| T::default()),
            },
        }
    }

    /// Adds an item at the end.
    #[inline]
    pub fn push(&mut self, item: T) {
        match &mut self.storage {
            Storage::Inline { len, items } if *len < N => {
                items[*len] = item;
                *len += 1;
            }
            _ => self.push_outside(item),
        }
    }

    /// Adds an item to a full array (moving the items to the heap) or to the heap: rare,
    /// so kept out of [`push`](Self::push), which then inlines into the loops that fill
    /// lists.
    #[cold]
    #[inline(never)]
    fn push_outside(&mut self, item: T) {
        match &mut self.storage {
            Storage::Inline { len, items } => {
                let mut heap = Vec::with_capacity(2 * N.max(1));
                heap.extend(items[..*len].iter_mut().map(std::mem::take));
                heap.push(item);
                self.storage = Storage::Heap(heap);
            }
            Storage::Heap(heap) => heap.push(item),
        }
    }

    /// Removes and returns the last item, if there is one.
    pub fn pop(&mut self) -> Option<T> {
        match &mut self.storage {
            Storage::Inline { len: 0, .. } => None,
            Storage::Inline { len, items } => {
                *len -= 1;
                Some(std::mem::take(&mut items[*len]))
            }
            Storage::Heap(heap) => heap.pop(),
        }
    }

    /// Inserts an item at `index`, shifting the later ones up.
    ///
    /// # Panics
    /// If `index` is past the end, as `Vec::insert` does.
    pub fn insert(&mut self, index: usize, item: T) {
        assert!(index <= self.len(), "insertion index {index} past the end");
        self.push(item);
        self.as_mut_slice()[index..].rotate_right(1);
    }

    /// Removes and returns the item at `index`, shifting the later ones down.
    ///
    /// # Panics
    /// If `index` is out of bounds, as `Vec::remove` does.
    pub fn remove(&mut self, index: usize) -> T {
        match &mut self.storage {
            Storage::Inline { len, items } => {
                assert!(index < *len, "index {index} out of bounds of {len}");
                let item = std::mem::take(&mut items[index]);
                items[index..*len].rotate_left(1);
                *len -= 1;
                item
            }
            Storage::Heap(heap) => heap.remove(index),
        }
    }

    /// Keeps only the items for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        match &mut self.storage {
            Storage::Inline { len, items } => {
                let mut kept = 0;
                for i in 0..*len {
                    if keep(&items[i]) {
                        items.swap(kept, i);
                        kept += 1;
                    }
                }
                *len = kept;
            }
            Storage::Heap(heap) => heap.retain(keep),
        }
    }

    /// Removes consecutive equal items, keeping the first of each run (as `Vec::dedup`).
    pub fn dedup(&mut self)
    where
        T: PartialEq,
    {
        let mut kept = 0;
        for i in 0..self.len() {
            if kept == 0 || self[i] != self[kept - 1] {
                self.as_mut_slice().swap(kept, i);
                kept += 1;
            }
        }
        while self.len() > kept {
            self.pop();
        }
    }

    /// The items as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        match &self.storage {
            Storage::Inline { len, items } => &items[..*len],
            Storage::Heap(heap) => heap,
        }
    }

    /// The items as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.storage {
            Storage::Inline { len, items } => &mut items[..*len],
            Storage::Heap(heap) => heap,
        }
    }
}

impl<T: Clone + Default, const N: usize> Default for SmallVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Clone + Default, const N: usize> Deref for SmallVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Clone + Default, const N: usize> DerefMut for SmallVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Clone + Default + fmt::Debug, const N: usize> fmt::Debug for SmallVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone + Default + PartialEq, const N: usize> PartialEq for SmallVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone + Default + Eq, const N: usize> Eq for SmallVec<T, N> {}

impl<T: Clone + Default + PartialOrd, const N: usize> PartialOrd for SmallVec<T, N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.as_slice().partial_cmp(other.as_slice())
    }
}

/// Ordered as their slices are: item by item, a shorter list first when it is a prefix.
impl<T: Clone + Default + Ord, const N: usize> Ord for SmallVec<T, N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl<T: Clone + Default + PartialEq, const N: usize> PartialEq<Vec<T>> for SmallVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone + Default + PartialEq, const N: usize, const M: usize> PartialEq<[T; M]>
    for SmallVec<T, N>
{
    fn eq(&self, other: &[T; M]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone + Default, const N: usize> Extend<T> for SmallVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<'a, T: Clone + Default + 'a, const N: usize> Extend<&'a T> for SmallVec<T, N> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, items: I) {
        for item in items {
            self.push(item.clone());
        }
    }
}

impl<T: Clone + Default, const N: usize> FromIterator<T> for SmallVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = SmallVec::new();
        list.extend(items);
        list
    }
}

impl<'a, T: Clone + Default, const N: usize> IntoIterator for &'a SmallVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Clone + Default, const N: usize> IntoIterator for SmallVec<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The items of a [`SmallVec`], by value.
pub struct IntoIter<T: Clone + Default, const N: usize> {
    list: SmallVec<T, N>,
    next: usize,
}

impl<T: Clone + Default, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let item = self.list.get_mut(self.next).map(std::mem::take);
        self.next += 1;
        item
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::SmallVec;

    #[test]
    fn keeps_order_in_place_and_past_its_array() {
        let mut list: SmallVec<u8, 3> = SmallVec::new();
        assert!(list.is_empty());
        for i in 1..=5 {
            list.push(i);
        }
        // Two past the array: moved to the heap, nothing lost.
        assert_eq!(list, vec![1, 2, 3, 4, 5]);
        assert_eq!(list.remove(1), 2);
        list.retain(|&i| i != 4);
        assert_eq!(list, [1, 3, 5]);
        assert!(list > [1, 3].into_iter().collect(), "ordered as slices");
        assert_eq!(list.into_iter().collect::<Vec<_>>(), vec![1, 3, 5]);
    }

    #[test]
    fn remove_and_retain_in_place() {
        let mut list: SmallVec<u8, 4> = [4, 3, 2, 1].into_iter().collect();
        list.sort_unstable();
        assert_eq!(list, [1, 2, 3, 4]);
        let mut runs: SmallVec<u8, 4> = [1, 1, 2, 2, 2, 1].into_iter().collect();
        runs.dedup();
        assert_eq!(
            runs,
            [1, 2, 1],
            "only consecutive equal items go, past the array too"
        );
        assert_eq!(list.remove(0), 1);
        assert_eq!(list.remove(2), 4);
        assert_eq!(list, [2, 3]);
        list.retain(|&i| i == 3);
        assert_eq!(list, [3]);
        assert_eq!((list.pop(), list.pop()), (Some(3), None));
        list.push(3);
        list.insert(0, 9);
        list.insert(2, 8);
        assert_eq!(list, [9, 3, 8]);
        list.remove(0);
        list.remove(1);
        list.push(7);
        assert_eq!(format!("{list:?}"), "[3, 7]");
        // Equality reads the items only, not the filler left behind by remove.
        let fresh: SmallVec<u8, 4> = [3, 7].into_iter().collect();
        assert_eq!(list, fresh);
    }

    #[test]
    #[should_panic(expected = "out of bounds")]
    fn remove_past_the_end_panics_as_a_vec_does() {
        let mut list: SmallVec<u8, 2> = [1].into_iter().collect();
        list.remove(1);
    }
}
